package dev.jsm.fuzz;

import java.util.List;

/**
 * One parser or decoder under fuzzing: its valid seed inputs, the tokens its mutations may insert, and one parse of an
 * input. A run either returns or throws an exception {@link #documented} says the parser may throw (a parse error
 * naming its position, say); any other throwable is a finding.
 *
 * <p>Implementations are stateless or confined to the thread that runs them.
 */
public interface FuzzTarget {

    /** The target's name on the command line and in the report, {@code module.what}. */
    String name();

    /** Valid inputs the mutations start from (not empty). */
    List<byte[]> seeds();

    /** Whether inputs are text (line- and token-level mutations apply) rather than binary MADs. */
    boolean text();

    /** Words and numbers of the format that token mutations insert (may be empty). */
    default List<String> tokens() {
        return List.of();
    }

    /**
     * Parses one input.
     *
     * @throws Exception the parser's documented rejection, or a finding
     */
    void run(byte[] input) throws Exception;

    /** Whether {@code t} is the rejection the parser documents (checked after {@link #run} threw it). */
    boolean documented(Throwable t);
}
