package dev.jsm.daemon;

import dev.jsm.daemon.plan.PlanJson;
import dev.jsm.daemon.plan.PlanText;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code opensm --plan CURRENT_CONF -F CHANGED_CONF --sim-topology FILE}: prints what a HUP from the configuration
 * in force to the changed one would change on the fabric the file describes (an ibsim net file or
 * {@code ibnetdiscover} output), with the LIDs of {@code OSM_CACHE_DIR}'s guid2lid ({@link Plan}), and exits 0 when
 * nothing is wrong, {@link ExitCode#PLAN_REJECTED} when the change would leave pairs unreachable, close a credit
 * loop, change LIDs or has errors in its files ({@code file:line} on stderr). The same diff goes as JSON into
 * {@value #JSON_FILE} in the dump directory, for tools. Nothing is sent to a real fabric.
 *
 * <p>Not thread-safe; runs once on the main thread.
 */
final class PlanCommand {

    /** The plan as JSON ({@link PlanJson}), written into the dump directory. */
    static final String JSON_FILE = "jsm-plan.json";

    private final PrintStream out;
    private final PrintStream err;

    PlanCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs the plan and prints it.
     *
     * @param fileOrShape the {@code --sim-topology} argument, or {@code null} when it was not given
     * @param current the configuration in force ({@code --plan}'s argument)
     * @param changed the changed configuration ({@code -F}), or {@code null} when that file was not read
     * @param cacheDir where the daemon's guid2lid is; only read
     * @param dumpDir where {@value #JSON_FILE} goes
     * @return the exit status
     */
    ExitCode run(String fileOrShape, Path current, Path changed, Path cacheDir, Path dumpDir) {
        if (fileOrShape == null || changed == null) {
            err.println("opensm: --plan CURRENT_CONF needs -F CHANGED_CONF (an existing file) and --sim-topology "
                    + "FILE (ibnetdiscover output or an ibsim net file): the fabric to plan on");
            return ExitCode.USAGE;
        }
        try (FabricAttachment fabric = FabricAttachment.simulated(fileOrShape)) {
            Plan.Outcome o = Plan.run(fabric, current, changed, cacheDir);
            out.printf("plan of a HUP from %s to %s on %s: %d switches, %d end ports (nothing is sent to the fabric)%n",
                    current, changed, fileOrShape, o.switches(), o.hosts());
            out.print(PlanText.format(o.diff()));
            o.diff().errors().forEach(e -> err.println("opensm: " + e));
            Files.createDirectories(dumpDir);
            Files.writeString(dumpDir.resolve(JSON_FILE), PlanJson.format(o.diff()) + "\n", StandardCharsets.UTF_8);
            out.println("the plan as JSON: " + dumpDir.resolve(JSON_FILE));
            return o.diff().ok() ? ExitCode.OK : ExitCode.PLAN_REJECTED;
        } catch (StartupException e) {
            err.println("opensm: " + e.getMessage());
            return e.exitCode();
        } catch (Plan.PlanException e) {
            err.println("opensm: --plan: " + e.getMessage());
            return ExitCode.PLAN_REJECTED;
        } catch (IllegalArgumentException e) {
            err.println("opensm: --plan: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (IOException e) {
            err.println("opensm: --plan: cannot read or write " + e.getMessage());
            return ExitCode.FILE_ERROR;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCode.UNEXPECTED;
        }
    }
}
