package dev.jsm.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A text format's target: inputs are decoded as UTF-8 (a malformed byte becoming U+FFFD, as the daemon's readers do)
 * and handed to {@link #parse}; the documented rejection is one exception type.
 */
abstract class TextTarget implements FuzzTarget {

    private final String name;
    private final List<byte[]> seeds;
    private final List<String> tokens;
    private final Class<? extends Exception> rejection;

    /**
     * @param rejection the exception the parser documents, {@code null} when it documents none (it reports problems
     *                  in its result instead)
     */
    TextTarget(String name, List<String> seeds, List<String> tokens, Class<? extends Exception> rejection) {
        this.name = name;
        this.seeds = seeds.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
        this.tokens = List.copyOf(tokens);
        this.rejection = rejection;
    }

    /** Parses one text (and, where cheap, uses the result the way its caller would). */
    abstract void parse(String text) throws Exception;

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final List<byte[]> seeds() {
        return seeds;
    }

    @Override
    public final boolean text() {
        return true;
    }

    @Override
    public final List<String> tokens() {
        return tokens;
    }

    @Override
    public final void run(byte[] input) throws Exception {
        parse(new String(input, StandardCharsets.UTF_8));
    }

    @Override
    public boolean documented(Throwable t) {
        return rejection != null && rejection.isInstance(t);
    }
}
