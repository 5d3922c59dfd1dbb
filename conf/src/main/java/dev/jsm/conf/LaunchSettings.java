package dev.jsm.conf;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the command line says beyond the option values: which config file was used, whether to write a template and
 * stop ({@code -c}), run once ({@code -o}), the pid file, and jsm's own simulator flags.
 *
 * <p>Immutable; safe to share.
 *
 * @param configFile the config file ({@code -F}, else the default)
 * @param configFileRead whether that file existed and was read (a missing default file means all defaults)
 * @param createConfig {@code -c FILE}: write the full commented config there and exit
 * @param runOnce {@code -o}: configure the subnet once, then exit
 * @param pidFile {@code --pidfile FILE}
 * @param guidPrompt {@code -g 0}: list the local ports and let the operator choose one
 * @param vendorDebug how often {@code -d 5} (more transport-level debug output) was given
 * @param simTopology {@code --sim-topology FILE|SHAPE}: run against the in-JVM simulator with this fabric
 * @param routeOnly {@code --route-only}: compute routes for the fabric and exit, without programming anything
 * @param plan {@code --plan CURRENT_CONF}: report what a HUP from that configuration to {@code configFile} would
 *     change on the simulated fabric, and exit
 */
public record LaunchSettings(Path configFile, boolean configFileRead, Optional<Path> createConfig, boolean runOnce,
        Optional<Path> pidFile, boolean guidPrompt, int vendorDebug, Optional<String> simTopology,
        boolean routeOnly, Optional<Path> plan) {
}
