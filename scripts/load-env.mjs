// Loaded first by `npm start`, `npm run demo` and `npm run dev` (`node --import`): reads the settings of
// `.env` in the directory npm runs them in, the repository's root, when there is one. A variable the shell
// already sets wins over the file. Node's --env-file-if-exists would do the same, but prints a line on
// every start without the file.
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
