import { ACCOUNT_EXPORT_FILE_NAME } from '@pathwise/contract';
import { useState } from 'react';
import { ErrorBox } from '../../../components/callout';
import { SettingsSection } from '../../../components/settings-section';
import { serverMessageOr } from '../../../lib/api-client';
import * as accountApi from '../api/account-api';
import { SubmitButton } from './form-parts';

/** Hands a downloaded file to the browser as if a link to it had been followed. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // After the click has handed the file over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function DownloadMyData() {
  const [isPreparing, setPreparing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    setPreparing(true);
    try {
      saveFile(await accountApi.downloadMyData(), ACCOUNT_EXPORT_FILE_NAME);
    } catch (error) {
      setFailure(serverMessageOr(error, 'Failed to download your data'));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <SettingsSection title="Your data">
      {failure && <ErrorBox>{failure}</ErrorBox>}
      <p className="text-sm text-slate-600">
        A ZIP file with your profile, posts, comments, learning plans, progress, notes, follows, likes, saved
        items, notifications, the people you blocked or muted and the reports you filed as JSON, and every
        picture, video and file you uploaded.
      </p>
      <SubmitButton
        type="button"
        onClick={download}
        isSubmitting={isPreparing}
        label="Download my data"
        className="btn-secondary"
      />
    </SettingsSection>
  );
}
