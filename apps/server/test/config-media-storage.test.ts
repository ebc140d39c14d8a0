import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const base = () => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pathwise-config-')),
  JWT_SECRET: 's'.repeat(40),
});
const failure = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('media storage configuration', () => {
  it('keeps media on the local disk by default', () => {
    expect(loadConfig(base()).mediaStorage).toEqual({ driver: 'local' });
  });

  it('reads every S3 variable', () => {
    const config = loadConfig({
      ...base(),
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.mediaStorage).toEqual({
      driver: 's3',
      s3: {
        bucket: 'media',
        region: 'auto',
        endpoint: 'http://minio:9000',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
    const minimal = loadConfig({ ...base(), MEDIA_STORAGE: 's3', S3_BUCKET: 'media' }).mediaStorage;
    expect(minimal).toEqual({
      driver: 's3',
      s3: {
        bucket: 'media',
        region: 'us-east-1',
        endpoint: undefined,
        credentials: undefined,
        forcePathStyle: false,
      },
    });
  });

  it.each([
    [{ MEDIA_STORAGE: 'gcs' }, 'MEDIA_STORAGE: must be local or s3'],
    [{ MEDIA_STORAGE: 's3' }, 'S3_BUCKET: is required when MEDIA_STORAGE=s3'],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'm', S3_ACCESS_KEY_ID: 'k' },
      'S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set',
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'm', S3_SECRET_ACCESS_KEY: 'k' },
      'S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set',
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'm', S3_ENDPOINT: 'minio' },
      'S3_ENDPOINT: must be the URL of the S3 API',
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'm', S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE: must be true or false',
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(failure(env)).toContain(message);
  });
});
