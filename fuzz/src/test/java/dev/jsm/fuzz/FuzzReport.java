package dev.jsm.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What one run of a target found.
 *
 * @param target the target's name
 * @param inputs inputs run
 * @param accepted inputs the parser accepted
 * @param rejected inputs rejected with the documented exception
 * @param nanos wall time of the run
 * @param slowestNanos the slowest single input's time
 * @param slowestIndex that input's index
 * @param findings by signature
 */
record FuzzReport(String target, long inputs, long accepted, long rejected, long nanos, long slowestNanos,
                  long slowestIndex, Map<String, Finding> findings) {

    /**
     * One kind of escaped throwable.
     *
     * @param signature class and first frame
     * @param firstIndex the first input that threw it
     * @param firstInput that input
     * @param first the throwable it threw
     * @param count inputs that threw it
     */
    record Finding(String signature, long firstIndex, byte[] firstInput, Throwable first, long count) {

        Finding plusOne() {
            return new Finding(signature, firstIndex, firstInput, first, count + 1);
        }

        /** The first input for a report: at most {@code max} characters, control and non-ASCII characters escaped. */
        String shownInput(int max) {
            String s = new String(firstInput, 0, Math.min(firstInput.length, max * 4), StandardCharsets.ISO_8859_1);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < s.length() && sb.length() < max; i++) {
                char c = s.charAt(i);
                if (c == '\n' || (c >= 0x20 && c < 0x7f)) {
                    sb.append(c);
                } else {
                    sb.append(String.format("\\x%02x", (int) c));
                }
            }
            return sb + (firstInput.length > max ? " ... (" + firstInput.length + " bytes)" : "");
        }
    }

    /** Inputs per second. */
    double rate() {
        return nanos == 0 ? 0 : inputs * 1e9 / nanos;
    }

    /** Inputs that escaped with an undocumented throwable. */
    long findingCount() {
        return findings.values().stream().mapToLong(Finding::count).sum();
    }
}
