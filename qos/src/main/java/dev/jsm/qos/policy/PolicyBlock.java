package dev.jsm.qos.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * One block of a read policy file ({@code port-group ... end-port-group} and so on) before its meaning is checked:
 * its keyword and position, its fields in file order and its sub-blocks. {@link PolicyReader} builds the tree;
 * {@link PolicyBuilder} turns it into a {@link QosPolicy}.
 *
 * <p>Confined to the parsing thread.
 */
final class PolicyBlock {

    /**
     * One {@code key: value} line (or one {@code qos-ulps} rule line, keyed by the ULP name).
     *
     * @param key the keyword
     * @param line 1-based line
     * @param column 1-based column of the keyword
     * @param value the value, typed by the key's {@link PolicySchema.Kind} (or a {@link UlpLine})
     */
    record Field(String key, int line, int column, Object value) {
    }

    /**
     * A {@code qos-ulps} rule line: {@code ulp[, qualifier ranges] : sl}.
     *
     * @param qualifier the qualifier keyword in lower case, or "" if none
     * @param ranges the qualifier's numbers (empty without a qualifier)
     * @param sl the SL and its column
     */
    record UlpLine(String qualifier, List<PolicyCursor.Range> ranges, PolicyCursor.Range sl) {
    }

    final String keyword;
    final int line;
    final int column;
    final List<Field> fields = new ArrayList<>();
    final List<PolicyBlock> children = new ArrayList<>();

    PolicyBlock(String keyword, int line, int column) {
        this.keyword = keyword;
        this.line = line;
        this.column = column;
    }
}
