package dev.jsm.partitions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The partition policy in force and how it changes when partitions.conf is re-read (every heavy sweep, and after
 * SIGHUP). Unlike OpenSM, which answers a bad file by giving every port full membership of the default partition,
 * a file that fails to parse leaves the <em>last good</em> policy in force; only on a first start with a bad file
 * does the SM fall back to the no-file default, and the outcome says so loudly. A missing file means the no-file
 * default, as in OpenSM; so does a file without a single statement (empty, or only comments and blank lines):
 * OpenSM 3.3.23 takes a file whose parse found no statement as "in error" and retries with its default
 * ({@code osm_prtn_make_partitions}: "Partition configuration in error; retrying with default config"), so every
 * port is a full member of the default partition (P_Key 0xffff) and the IPoIB broadcast group exists - not the
 * with-a-file default, under which every port but the SM's would be a limited member only (0x7fff) and no two hosts
 * could talk.
 *
 * <p>Confined to the sweep thread.
 */
public final class PartitionPolicy {

    /** What one {@link #reload()} did. */
    public enum Outcome {
        /** The file parsed and its policy is now in force. */
        LOADED,
        /** The file has the bytes of the policy in force; nothing changed. */
        UNCHANGED,
        /** There is no file: the no-file default is in force. */
        NO_FILE,
        /** The file has no statement (empty, or comments only): the no-file default is in force, as in OpenSM. */
        NO_STATEMENTS,
        /** The file is bad or unreadable: the previous good policy stays in force. */
        KEPT_LAST_GOOD,
        /** The file is bad or unreadable and nothing good was loaded before: the no-file default is in force. */
        DEFAULT_AFTER_ERROR
    }

    /**
     * The result of one {@link #reload()}.
     *
     * <p>Immutable; safe to share.
     *
     * @param outcome what happened
     * @param inForce the policy in force afterwards
     * @param message one line for the log, {@code null} when nothing changed ({@link Outcome#UNCHANGED}, or
     *     {@link Outcome#NO_FILE} again); ERROR level for {@link Outcome#KEPT_LAST_GOOD} and
     *     {@link Outcome#DEFAULT_AFTER_ERROR}, WARNING for {@link Outcome#NO_STATEMENTS}
     * @param error the parse error, or {@code null}
     * @param repeated whether the file is the same bad text as at the previous reload (log it quieter)
     */
    public record Reload(Outcome outcome, PartitionConfig inForce, String message, PartitionsParseException error,
                         boolean repeated) {

        /** Whether the outcome is an error the operator must fix. */
        public boolean isError() {
            return outcome == Outcome.KEPT_LAST_GOOD || outcome == Outcome.DEFAULT_AFTER_ERROR;
        }

        /** The warnings of a newly loaded file (empty otherwise). */
        public List<ParseWarning> warnings() {
            return outcome == Outcome.LOADED ? inForce.warnings() : List.of();
        }
    }

    private final Path file;
    private PartitionConfig inForce;
    private byte[] inForceBytes;
    private byte[] lastBadBytes;
    private boolean goodLoaded;

    /** A policy read from {@code file}; nothing is read until {@link #reload()}. */
    public PartitionPolicy(Path file) {
        this.file = file;
        this.inForce = PartitionConfig.noFile();
    }

    /** The file this policy is read from ({@code partition_config_file}). */
    public Path file() {
        return file;
    }

    /** The policy in force (the no-file default before the first {@link #reload()}). */
    public PartitionConfig current() {
        return inForce;
    }

    /** Re-reads the file and returns what changed. Never throws for a bad or missing file. */
    public Reload reload() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            boolean changed = inForce.fromFile() || !goodLoaded;
            inForce = PartitionConfig.noFile();
            inForceBytes = null;
            lastBadBytes = null;
            goodLoaded = true;
            return new Reload(Outcome.NO_FILE, inForce, changed ? "partition file " + file
                    + " not found: using the built-in policy 'Default=0x7fff,ipoib : ALL=full ;'" : null, null, false);
        } catch (IOException | SecurityException e) {
            return failed(null, null, "cannot read partition file " + file + ": " + e.getMessage());
        }
        if (inForceBytes != null && Arrays.equals(bytes, inForceBytes)) {
            lastBadBytes = null;
            return new Reload(Outcome.UNCHANGED, inForce, null, null, false);
        }
        try {
            PartitionConfig parsed = PartitionConfig.parse(new String(bytes, StandardCharsets.UTF_8),
                    file.toString());
            if (parsed.statements().size() == 1) {
                inForce = PartitionConfig.noFile();
                inForceBytes = bytes;
                lastBadBytes = null;
                goodLoaded = true;
                return new Reload(Outcome.NO_STATEMENTS, inForce, "partition file " + file + " has no partition "
                        + "statement: using the built-in policy 'Default=0x7fff,ipoib : ALL=full ;' (every port a "
                        + "full member of the default partition), as OpenSM does", null, false);
            }
            inForce = parsed;
            inForceBytes = bytes;
            lastBadBytes = null;
            goodLoaded = true;
            return new Reload(Outcome.LOADED, parsed, "partition file " + file + " loaded: "
                    + (parsed.statements().size() - 1) + " statements, " + parsed.warnings().size() + " warnings",
                    null, false);
        } catch (PartitionsParseException e) {
            return failed(bytes, e, e.getMessage());
        }
    }

    private Reload failed(byte[] bytes, PartitionsParseException error, String what) {
        boolean repeated = bytes != null && Arrays.equals(bytes, lastBadBytes);
        lastBadBytes = bytes;
        if (goodLoaded) {
            return new Reload(Outcome.KEPT_LAST_GOOD, inForce, what + "; the partition file was NOT applied: the"
                    + " last good partition set (" + inForce.source() + ") stays in force", error, repeated);
        }
        inForce = PartitionConfig.noFile();
        return new Reload(Outcome.DEFAULT_AFTER_ERROR, inForce, what + "; NO PARTITION POLICY FROM " + file
                + " IS IN FORCE: starting with the built-in 'Default=0x7fff,ipoib : ALL=full ;' (every port a full"
                + " member of the default partition) until the file is fixed", error, repeated);
    }
}
