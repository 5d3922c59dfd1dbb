package dev.jsm.subnet.portgroup;

/**
 * A policy file (port groups, topologies, routing chains) that cannot be used, with the place of the problem: shown
 * to operators as {@code file:line: message}, where the message names the qualifier and says what was expected and
 * what was found. The whole file is rejected; whoever holds the policy keeps the last good one in force.
 *
 * <p>Immutable; safe to share.
 */
public final class PolicyFileException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * A problem at a line.
     *
     * @param source the file name as the caller gave it
     * @param line 1-based line, 0 for the file as a whole
     * @param problem what is wrong, e.g. {@code qualifier 'id': expected a number, found 'x'}
     */
    public PolicyFileException(String source, int line, String problem) {
        super(line > 0 ? source + ":" + line + ": " + problem : source + ": " + problem, null, false, false);
    }
}
