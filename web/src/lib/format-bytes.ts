// Shared with the server (the visa application's PDF lists its documents' sizes).
export { formatBytes } from '@aylal/shared/format-bytes';
