package dev.jsm.daemon.sa;

import dev.jsm.daemon.cache.CacheFiles;
import dev.jsm.sa.state.SaDumpReader;
import dev.jsm.sa.state.SaDumpWriter;
import dev.jsm.sa.state.SaState;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The SA's registrations on disk, in OpenSM's {@code opensm-sa.dump} format (docs/reference/sa-dump-file.md):
 * {@link #read} takes the file {@code sa_db_file} names - a damaged file's good records are kept, its bad lines
 * logged with {@code file:line}, and the file moved aside so that the next dump does not meet it again - and
 * {@link #write} puts the state in the dump directory atomically, as {@code sa_db_dump} asks. Characters are bytes
 * (ISO-8859-1), so a ServiceName's bytes survive unchanged.
 *
 * <p>Stateless; any thread.
 */
final class SaStateFile {

    /** The file's name in the dump directory, as OpenSM names it. */
    static final String NAME = "opensm-sa.dump";
    /** How many bad lines of one file are logged one by one. */
    private static final int MAX_LOGGED = 20;
    private static final Logger LOG = LogManager.getLogger(SaStateFile.class);

    private SaStateFile() {
    }

    /**
     * The registrations in {@code file}, leases counted against {@code nowMillis}; {@code null} when it cannot be
     * read at all (logged; nothing is restored). A damaged file is moved aside after its good records were read.
     */
    static SaState read(Path file, long nowMillis) {
        SaDumpReader.Result r;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            r = SaDumpReader.read(in, file.toString(), nowMillis);
        } catch (NoSuchFileException e) {
            LOG.error("SA-1401 sa_db_file {}: no such file; no SA registrations restored", file);
            return null;
        } catch (IOException e) {
            LOG.error("SA-1401 sa_db_file {}: cannot read it ({}); no SA registrations restored", file,
                    e.getMessage());
            return null;
        }
        r.errors().stream().limit(MAX_LOGGED).forEach(e -> LOG.error("SA-1402 {}", e));
        if (r.errors().size() > MAX_LOGGED) {
            LOG.error("SA-1402 {}: {} more bad lines", file, r.errors().size() - MAX_LOGGED);
        }
        r.notes().forEach(n -> LOG.info("SA-1403 {}: {}", file, n));
        if (r.damaged()) {
            try {
                Path aside = CacheFiles.moveAside(file);
                LOG.error("SA-1404 {} is damaged ({} bad lines): moved aside to {}; its {} good records are kept",
                        file, r.errors().size(), aside, records(r.state()));
            } catch (IOException e) {
                LOG.error("SA-1404 {} is damaged ({} bad lines) and cannot be moved aside ({}); its {} good records"
                        + " are kept", file, r.errors().size(), e.getMessage(), records(r.state()));
            }
        }
        return r.state();
    }

    /**
     * Writes {@code state} to {@code opensm-sa.dump} in {@code dir} (a temporary file renamed over it; forced to
     * disk when {@code fsync}); the records it leaves out are logged.
     *
     * @throws IOException if the file cannot be written (the previous one stays)
     */
    static Path write(SaState state, Path dir, boolean fsync) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String leftOut : SaDumpWriter.write(state, text)) {
            LOG.warn("SA-1405 {}: {}", NAME, leftOut);
        }
        Path file = dir.resolve(NAME);
        CacheFiles.writeAtomically(file, text.toString().getBytes(StandardCharsets.ISO_8859_1), fsync);
        return file;
    }

    /** Groups, members, ServiceRecords and subscriptions in {@code s}. */
    static int records(SaState s) {
        return s.groups().size() + s.memberCount() + s.services().size() + s.subscriptions().size();
    }
}
