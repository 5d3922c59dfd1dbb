package dev.jsm.conf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the flags have set so far while {@link OpenSmCommandLine} applies them in command-line order: the option
 * values (on top of the config file) and the launch settings.
 *
 * <p>Confined to the parsing thread.
 */
final class CliState {

    final SmOptions.Builder options;
    final List<String> warnings = new ArrayList<>();
    Path createConfig;
    boolean runOnce;
    Path pidFile;
    boolean guidPrompt;
    int vendorDebug;
    String simTopology;
    boolean routeOnly;
    Path plan;

    CliState(SmOptions.Builder options) {
        this.options = options;
    }

    /** The launch settings collected. */
    LaunchSettings launch(Path configFile, boolean configFileRead) {
        return new LaunchSettings(configFile, configFileRead, Optional.ofNullable(createConfig), runOnce,
                Optional.ofNullable(pidFile), guidPrompt, vendorDebug, Optional.ofNullable(simTopology), routeOnly,
                Optional.ofNullable(plan));
    }
}
