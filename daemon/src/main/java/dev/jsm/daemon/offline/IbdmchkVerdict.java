package dev.jsm.daemon.offline;

import java.util.List;

/**
 * What one run of ibutils' {@code ibdmchk} in verification mode said about the dump files, read from its output
 * (docs/operations.md, "Judged by ibdmchk"): how many paths it traced and how many it could not, its credit-loop
 * verdict with the loop it printed, and every other error or warning line. Its exit status says little: ibdmchk
 * 1.5.7 dies by SIGSEGV in its clean-up after printing the credit-loop verdict, on OpenSM's own dumps as on jsm's,
 * so the verdict is the line it printed, and a crash after it is only noted.
 *
 * <p>In detail: docs/design/daemon.md#ibdmchkverdict.
 */
public record IbdmchkVerdict(boolean allPairs, List<String> command, int exitStatus, long caPaths, long allPaths,
                             long missingPaths, CreditLoops creditLoops, String slsAndVls, List<String> loop,
                             List<String> problems, long problemCount) {

    /** Lines of the loop and of the problems kept; the counts are always complete. */
    public static final int MAX_KEPT = 20;
    /** The exit status of a process ended by SIGSEGV. */
    static final int SIGSEGV_STATUS = 128 + 11;

    /** ibdmchk's credit-loop verdict. */
    public enum CreditLoops {
        /** {@code -I- no credit loops found}. */
        NONE,
        /** {@code -E- credit loops in routing}. */
        FOUND,
        /** No verdict printed: it stopped before (a path it could not trace, a table it could not read). */
        NOT_CHECKED
    }

    /** Copies the lists. */
    public IbdmchkVerdict {
        command = List.copyOf(command);
        loop = List.copyOf(loop);
        problems = List.copyOf(problems);
    }

    /** Whether it traced every path it tried, reported no other error or warning, and reached a credit-loop verdict. */
    public boolean clean() {
        return missingPaths == 0 && problemCount == 0 && creditLoops != CreditLoops.NOT_CHECKED;
    }

    /** Whether it died by SIGSEGV after printing its credit-loop verdict (its clean-up's known crash). */
    public boolean crashedAfterVerdict() {
        return exitStatus == SIGSEGV_STATUS && creditLoops != CreditLoops.NOT_CHECKED;
    }

    /**
     * One line: {@code ibdmchk -a: 16256 paths traced, 0 missing; credit loops: none (2 SLs, 16 VLs)}, with the first
     * problem and the loop's first channel when there are some.
     */
    public String summary() {
        StringBuilder sb = new StringBuilder("ibdmchk").append(allPairs ? " -a (every pair)" : " (CA to CA)")
                .append(": ").append(allPairs ? allPaths : caPaths).append(" paths traced, ").append(missingPaths)
                .append(" missing; credit loops: ");
        sb.append(switch (creditLoops) {
            case NONE -> "none";
            case FOUND -> "FOUND";
            case NOT_CHECKED -> "not checked";
        });
        if (!slsAndVls.isEmpty()) {
            sb.append(" (").append(slsAndVls).append(')');
        }
        if (!loop.isEmpty()) {
            sb.append(", ").append(loop.get(0).trim());
        }
        if (problemCount > 0) {
            sb.append("; ").append(problemCount).append(problemCount == 1 ? " error" : " errors");
            if (!problems.isEmpty()) {
                sb.append(problemCount == 1 ? ": " : ", first: ").append(problems.get(0));
            }
        }
        if (exitStatus != 0 && exitStatus != 1 && !crashedAfterVerdict()) {
            sb.append("; exit status ").append(exitStatus);
        }
        return sb.toString();
    }
}
