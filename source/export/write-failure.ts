// Why a file or stdout could not be written, in words: for `-o`, saving a session and stdout.

const reasons: Readonly<Record<string, string>> = {
	ENOENT: 'no such directory',
	ENOTDIR: 'no such directory',
	EACCES: 'permission denied',
	EPERM: 'permission denied',
	EISDIR: 'is a directory',
	ENOSPC: 'no space left on device',
	EDQUOT: 'disk quota exceeded',
	EFBIG: 'file too large',
	EROFS: 'read-only file system',
	EBADF: 'not open for writing',
	EIO: 'input/output error',
};

export const writeFailure = (error: NodeJS.ErrnoException): string => (error.code && reasons[error.code]) || error.code || error.message;
