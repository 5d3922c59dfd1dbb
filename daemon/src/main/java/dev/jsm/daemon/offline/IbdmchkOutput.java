package dev.jsm.daemon.offline;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the output of one {@code ibdmchk} run line by line into an {@link IbdmchkVerdict} (a broken routing can make
 * it print a line per pair, so nothing but counts and the first lines of each kind is kept). The lines it knows are
 * those of ibutils 1.5.7's verification mode: {@code -I- Scanned:N [CA to CA] paths}, {@code -E- Fail to find a path
 * from:...}, {@code -I- Analyzing Fabric for Credit Loops N SLs, M VLs used.}, {@code -I- no credit loops found},
 * {@code -E- credit loops in routing} with the loop's {@code Found credit loop on:} and {@code - BT credit loop
 * through:} lines. Before the credit-loop check, the lines that say where a trace stopped, and the count of missing
 * paths, only go with the {@code Fail to find a path} lines; every other line starting with {@code -E-}, {@code -W-}
 * or {@code -F-} is a problem.
 *
 * <p>Not thread-safe; one per run.
 */
final class IbdmchkOutput {

    private static final String SCANNED = "-I- Scanned:";
    private static final String ANALYZING = "-I- Analyzing Fabric for Credit Loops ";
    /** How the lines about a path it could not trace start (TraceRoute.cpp's messages), and its last word on them. */
    private static final List<String> TRACE_DETAILS = List.of("-E- Unassigned LFT for lid:", "-E- Dead end at",
            "-E- Provided source:", "-E- Provided starting point is not connected", "-E- Fail to find node:",
            "-E- Aborting after 256 hops", "-E- Some Point to Point Traversals Failed.");

    private final boolean allPairs;
    private final List<String> command;
    private long caPaths;
    private long allPaths;
    private long missing;
    private IbdmchkVerdict.CreditLoops loops = IbdmchkVerdict.CreditLoops.NOT_CHECKED;
    private String slsAndVls = "";
    private final List<String> loop = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private long problemCount;
    private boolean inLoopCheck;

    /**
     * @param allPairs whether the run has {@code -a}
     * @param command its command line
     */
    IbdmchkOutput(boolean allPairs, List<String> command) {
        this.allPairs = allPairs;
        this.command = command;
    }

    /** Takes the next line of the output. */
    void accept(String line) {
        if (line.startsWith(SCANNED)) {
            long n = leadingNumber(line, SCANNED.length());
            if (line.contains("CA to CA")) {
                caPaths = n;
            } else {
                allPaths = n;
            }
        } else if (line.startsWith("-E- Fail to find a path from:") && !inLoopCheck) {
            missing++;
            keep(problems, line);
        } else if (!inLoopCheck && isTraceDetail(line)) {
            return;
        } else if (line.equals("-I- no credit loops found")) {
            loops = IbdmchkVerdict.CreditLoops.NONE;
        } else if (line.equals("-E- credit loops in routing")) {
            loops = IbdmchkVerdict.CreditLoops.FOUND;
        } else if (line.startsWith("Found credit loop on:") || line.startsWith("  - BT credit loop through:")) {
            keep(loop, line);
        } else if (line.startsWith(ANALYZING)) {
            slsAndVls = line.substring(ANALYZING.length()).replace(" used.", "");
            inLoopCheck = true;
        } else if (line.startsWith("-E-") || line.startsWith("-W-") || line.startsWith("-F-")) {
            problemCount++;
            keep(problems, line);
        }
    }

    /** The verdict of the lines taken, with the run's {@code exitStatus}. */
    IbdmchkVerdict verdict(int exitStatus) {
        return new IbdmchkVerdict(allPairs, command, exitStatus, caPaths, allPaths, missing, loops, slsAndVls, loop,
                problems, problemCount + missing);
    }

    /**
     * Whether {@code line} is said about paths it could not trace, before the credit-loop check: where the trace
     * stopped (before each {@code Fail to find a path} line), and the counts after them.
     */
    private static boolean isTraceDetail(String line) {
        for (String detail : TRACE_DETAILS) {
            if (line.startsWith(detail)) {
                return true;
            }
        }
        return line.startsWith("-E- Found ") && line.contains(" missing paths");
    }

    private static void keep(List<String> lines, String line) {
        if (lines.size() < IbdmchkVerdict.MAX_KEPT) {
            lines.add(line);
        }
    }

    private static long leadingNumber(String line, int from) {
        long n = 0;
        for (int i = from; i < line.length() && Character.isDigit(line.charAt(i)); i++) {
            n = n * 10 + line.charAt(i) - '0';
        }
        return n;
    }
}
