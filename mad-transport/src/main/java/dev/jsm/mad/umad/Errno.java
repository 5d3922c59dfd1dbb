package dev.jsm.mad.umad;

/**
 * Linux errno values that libibumad returns (negated) or leaves in {@code errno}, with short texts for error
 * messages. Only the codes the umad paths produce are named; others print as {@code errno N}.
 *
 * <p>Stateless; safe to share.
 */
final class Errno {

    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EIO = 5;
    static final int EAGAIN = 11;
    static final int ENOMEM = 12;
    static final int EACCES = 13;
    static final int EBUSY = 16;
    static final int ENODEV = 19;
    static final int EINVAL = 22;
    static final int ENOSPC = 28;
    static final int EOPNOTSUPP = 95;
    static final int ETIMEDOUT = 110;

    private Errno() {
    }

    /** A short text for {@code errno} (sign ignored), e.g. {@code "permission denied (EACCES)"}. */
    static String text(int errno) {
        int e = Math.abs(errno);
        return switch (e) {
            case EPERM -> "operation not permitted (EPERM)";
            case ENOENT -> "no such file or directory (ENOENT)";
            case EIO -> "I/O error (EIO)";
            case EAGAIN -> "try again (EAGAIN)";
            case ENOMEM -> "out of memory (ENOMEM)";
            case EACCES -> "permission denied (EACCES)";
            case EBUSY -> "device busy (EBUSY)";
            case ENODEV -> "no such device (ENODEV)";
            case EINVAL -> "invalid argument (EINVAL)";
            case ENOSPC -> "buffer too small (ENOSPC)";
            case EOPNOTSUPP -> "operation not supported (EOPNOTSUPP)";
            case ETIMEDOUT -> "timed out (ETIMEDOUT)";
            default -> "errno " + e;
        };
    }
}
