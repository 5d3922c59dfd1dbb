package dev.jsm.daemon;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Says once when this JVM compiles with C1 only on a fabric where the launcher would have kept C2 too: the launcher
 * ({@code java.sh}) runs C1 only when the cache directory's guid2lid holds fewer than {@value #C2_PORTS} ports,
 * which includes a first start (no guid2lid). On a large fabric met at a first start the SM then runs C1 only
 * until its next start, whose recomputes take about a third less CPU with C2 (docs/performance.md, "The JVM's
 * start"); an operator should know that a restart at a quiet moment gets it.
 *
 * <p>Threading: {@link #subnetUp} runs on the thread that publishes the view, one at a time.
 *
 * <p>In detail: docs/design/daemon.md#compilernote.
 */
final class CompilerNote implements SweepListener {

    /** The launcher's threshold: guid2lid lines (ports given a LID) from which it keeps C2. */
    static final int C2_PORTS = 8192;

    private static final Logger LOG = LogManager.getLogger(CompilerNote.class);

    private final boolean c1Only;
    private final int c2Ports;
    private boolean told;

    /**
     * @param c1Only whether the JVM runs with {@code -XX:TieredStopAtLevel=1}
     * @param c2Ports the launcher's threshold ({@value #C2_PORTS}; smaller in tests)
     */
    CompilerNote(boolean c1Only, int c2Ports) {
        this.c1Only = c1Only;
        this.c2Ports = c2Ports;
    }

    /** The note for this JVM, from its command-line options. */
    static CompilerNote ofThisJvm() {
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return new CompilerNote(args.contains("-XX:TieredStopAtLevel=1"), C2_PORTS);
    }

    /** The ports guid2lid holds for the fabric of {@code s}: the end ports given a LID (switch port 0 among them). */
    static int lidPorts(SubnetSnapshot s) {
        int n = 0;
        for (EndPortView p : s.endPorts()) {
            if (p.hasLids()) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void subnetUp(FabricView view) {
        if (!c1Only || told) {
            return;
        }
        int ports = lidPorts(view.snapshot());
        if (ports < c2Ports) {
            return;
        }
        told = true;
        LOG.info("MAIN-0830 this JVM compiles with C1 only (the launcher's choice for a first start or a fabric of "
                + "fewer than {} ports); this fabric has {}, so the next start runs C2 too, whose recomputes take "
                + "about a third less CPU here: restart the SM at a quiet moment to get it", c2Ports, ports);
    }
}
