// Why a file could not be written, in words: for `record -o` and for saving a session.

const reasons: Readonly<Record<string, string>> = {
	ENOENT: 'no such directory',
	ENOTDIR: 'no such directory',
	EACCES: 'permission denied',
	EPERM: 'permission denied',
	EISDIR: 'is a directory',
	ENOSPC: 'no space left on the device',
	EROFS: 'read-only file system',
};

export const writeFailure = (error: NodeJS.ErrnoException): string => (error.code && reasons[error.code]) || error.code || error.message;
