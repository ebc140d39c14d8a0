export { createRemoteComments, type RemoteComments, type RemoteReply } from './remote-comments.js';
