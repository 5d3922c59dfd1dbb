package dev.jsm.daemon;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.LaunchSettings;
import dev.jsm.conf.SmOptions;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the daemon is started with: the options, the directories OpenSM takes from the environment, and the
 * launch flags that matter after start-up.
 *
 * <p>Immutable; safe to share.
 *
 * @param options the options at start-up (a heavy sweep may reload the reloadable ones from {@code configFile})
 * @param cacheDir where {@code guid2lid} lives ({@code OSM_CACHE_DIR}, default {@code /var/cache/opensm})
 * @param dumpDir where dump files go ({@code dump_files_dir} &gt; {@code OSM_TMP_DIR} &gt; {@code /var/log/})
 * @param configFile the config file to re-read at every heavy sweep, if one was read at start
 * @param runOnce {@code -o}: exit after the first SUBNET UP
 * @param version the version text for the first log lines
 */
public record DaemonSettings(SmOptions options, Path cacheDir, Path dumpDir, Optional<Path> configFile,
                             boolean runOnce, String version) {

    /** OpenSM's cache directory when {@code OSM_CACHE_DIR} is not set. */
    public static final Path DEFAULT_CACHE_DIR = Path.of("/var/cache/opensm");
    /** OpenSM's default {@code dump_files_dir}. */
    public static final String DEFAULT_DUMP_DIR = "/var/log/";

    /** Validates the values. */
    public DaemonSettings {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(cacheDir, "cacheDir");
        Objects.requireNonNull(dumpDir, "dumpDir");
        Objects.requireNonNull(configFile, "configFile");
        Objects.requireNonNull(version, "version");
    }

    /**
     * The settings of a parsed command line, with OpenSM's environment variables ({@code OSM_CACHE_DIR},
     * {@code OSM_TMP_DIR}) taken from {@code env}.
     */
    public static DaemonSettings of(SmOptions options, LaunchSettings launch, Map<String, String> env,
                                    String version) {
        String cache = env.get("OSM_CACHE_DIR");
        Path cacheDir = cache == null || cache.isBlank() ? DEFAULT_CACHE_DIR : Path.of(cache);
        return new DaemonSettings(options, cacheDir, dumpDir(options, env),
                launch.configFileRead() ? Optional.of(launch.configFile()) : Optional.empty(), launch.runOnce(),
                version);
    }

    /** Settings for tests and embedding: default options except as given, explicit directories. */
    public static DaemonSettings of(SmOptions options, Path cacheDir, Path dumpDir) {
        return new DaemonSettings(options, cacheDir, dumpDir, Optional.empty(), false, "jsm");
    }

    /** {@code dump_files_dir} if set to something else than its default, else {@code OSM_TMP_DIR}, else the default. */
    static Path dumpDir(SmOptions options, Map<String, String> env) {
        String opt = options.get(DebugOptions.DUMP_FILES_DIR);
        String tmp = env.get("OSM_TMP_DIR");
        if ((opt == null || opt.equals(DEFAULT_DUMP_DIR)) && tmp != null && !tmp.isBlank()) {
            return Path.of(tmp);
        }
        return Path.of(opt == null ? DEFAULT_DUMP_DIR : opt);
    }

    /** A copy with other options (after a reload). */
    public DaemonSettings withOptions(SmOptions newOptions) {
        return new DaemonSettings(newOptions, cacheDir, dumpDir, configFile, runOnce, version);
    }
}
