package dev.jsm.partitions;

import java.util.List;

/**
 * A parsed partition policy: the built-in default-partition rule followed by the statements of partitions.conf in
 * file order, with the warnings the file produced. It does not depend on the fabric; {@link PartitionResolver} turns
 * it into a {@link PartitionSet} for the fabric of each sweep.
 *
 * <p>The built-in rule follows OpenSM: without a file, {@code Default=0x7fff,ipoib : ALL=full ;}; with a file,
 * {@code Default=0x7fff : ALL=limited, SELF=full ;} comes first and the file's statements apply on top (a file
 * statement for 0x7fff, or named {@code Default} without a P_Key, merges into it).
 *
 * <p>Immutable; safe to share.
 */
public final class PartitionConfig {

    /** Name and P_Key of the default partition. */
    public static final String DEFAULT_NAME = "Default";
    /** The default partition's P_Key without the membership bit. */
    public static final int DEFAULT_PKEY = 0x7FFF;

    private static final PartitionConfig NO_FILE = new PartitionConfig("(no partition file)", false,
            List.of(prelude(true)), List.of());

    private final String source;
    private final boolean fromFile;
    private final List<PartitionStatement> statements;
    private final List<ParseWarning> warnings;

    PartitionConfig(String source, boolean fromFile, List<PartitionStatement> statements,
                    List<ParseWarning> warnings) {
        this.source = source;
        this.fromFile = fromFile;
        this.statements = List.copyOf(statements);
        this.warnings = List.copyOf(warnings);
    }

    /** The policy without a file: {@code Default=0x7fff,ipoib : ALL=full ;}. */
    public static PartitionConfig noFile() {
        return NO_FILE;
    }

    /**
     * Parses partitions.conf text.
     *
     * @param source the file name used in messages
     * @throws PartitionsParseException at the first error, with its position
     */
    public static PartitionConfig parse(String text, String source) throws PartitionsParseException {
        return PartitionsParser.parse(text, source, prelude(false));
    }

    /** The file name, or {@code (no partition file)}. */
    public String source() {
        return source;
    }

    /** Whether this policy came from a file (false for {@link #noFile()}). */
    public boolean fromFile() {
        return fromFile;
    }

    /** The built-in default rule, then the file's statements in order. */
    public List<PartitionStatement> statements() {
        return statements;
    }

    /** What the file contained that was ignored or interpreted, in file order. */
    public List<ParseWarning> warnings() {
        return warnings;
    }

    /** {@code PartitionConfig[file, N statements, W warnings]}. */
    @Override
    public String toString() {
        return "PartitionConfig[" + source + ", " + (statements.size() - 1) + " statements, " + warnings.size()
                + " warnings]";
    }

    private static PartitionStatement prelude(boolean noFile) {
        List<PortSelector> ports = noFile
                ? List.of(new PortSelector(PortSelector.Kind.ALL, 0, Membership.FULL))
                : List.of(new PortSelector(PortSelector.Kind.ALL, 0, Membership.LIMITED),
                        new PortSelector(PortSelector.Kind.SELF, 0, Membership.FULL));
        List<McastGroupSpec> groups = noFile
                ? List.of(new McastGroupSpec(Mgid.ipoibBroadcast(DEFAULT_PKEY),
                        GroupFlags.DEFAULTS.withQKey(GroupFlags.IPOIB_QKEY), GroupFlags.DEFAULT_SCOPE, 0))
                : List.of();
        return new PartitionStatement(DEFAULT_NAME, DEFAULT_PKEY, false, noFile, GroupFlags.DEFAULTS, ports, groups,
                0);
    }
}
