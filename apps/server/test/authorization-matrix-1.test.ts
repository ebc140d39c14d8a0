import { describeAuthorizationMatrix } from './helpers/authorization-matrix.js';

// One quarter of the routes (helpers/authorization-matrix.ts): the four parts run side by side.
describeAuthorizationMatrix(1, 4);
