package dev.jsm.daemon.mgmt;

import dev.jsm.conf.ConfWriter;
import dev.jsm.daemon.Daemon;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.perfmgr.PerfMgrCommands;
import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.FabricView;
import dev.jsm.daemon.sweep.SweepKind;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.routing.RoutingResult;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * One session of OpenSM's text console ({@code telnet 127.0.0.1 10000}): a prompt, one command per line. Commands:
 * {@code help}, {@code status}, {@code loglevel [MASK]}, {@code resweep [heavy|light]}, {@code reroute},
 * {@code dump_conf}, {@code priority [N]}, {@code portstatus}, {@code lidbalance}, {@code quit} (also
 * {@code exit}).
 *
 * <p>Confined to the connection's event loop thread; one instance per connection.
 */
final class ConsoleSession extends SimpleChannelInboundHandler<String> {

    /** OpenSM's prompt, so scripts written for its console find theirs. */
    static final String PROMPT = "OpenSM $ ";
    private static final String HELP = """
            Commands:
              help                    this list
              status                  SM state, fabric size, routing engine, sweeps, MAD counters
              loglevel [MASK]         show or set the log_flags mask (e.g. 0x03; 0x0f adds verbose and debug)
              resweep [heavy|light]   request a sweep (heavy if not said)
              reroute                 request a heavy sweep that computes the routes again
              dump_conf               print the options in effect, in opensm.conf format
              priority [N]            show or set the SM priority (0-15) reported in SMInfo
              portstatus              cabled ports by state, width and speed; links below their capability
              lidbalance              switches whose switch ports carry unequal numbers of CA LIDs
              quit, exit              close this session
            """;

    private final Management management;

    ConsoleSession(Management management) {
        this.management = management;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(management.version() + " console; type 'help' for the commands\n" + PROMPT);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, String line) {
        String[] words = line.trim().split("\\s+");
        String command = words[0].toLowerCase(Locale.ROOT);
        String arg = words.length > 1 ? words[1].toLowerCase(Locale.ROOT) : "";
        Daemon daemon = management.daemon();
        String reply;
        switch (command) {
            case "" -> reply = "";
            case "help" -> reply = HELP;
            case "quit", "exit" -> {
                ctx.writeAndFlush("Bye\n").addListener(ChannelFutureListener.CLOSE);
                return;
            }
            case "status" -> reply = status();
            case "loglevel" -> reply = loglevel(words.length > 1 ? words[1] : "");
            case "resweep" -> {
                if (arg.isEmpty() || arg.equals("heavy")) {
                    daemon.events().request(SmEvent.HEAVY_SWEEP, "console");
                    reply = "heavy sweep requested\n";
                } else if (arg.equals("light")) {
                    daemon.events().request(SmEvent.LIGHT_SWEEP, "console");
                    reply = "light sweep requested\n";
                } else {
                    reply = "resweep: expected heavy or light, found '" + arg + "'\n";
                }
            }
            case "reroute" -> {
                daemon.reroute("console reroute");
                reply = "heavy sweep with rerouting requested\n";
            }
            case "dump_conf" -> reply = ConfWriter.render(daemon.options());
            case "priority" -> reply = priority(daemon, arg);
            case "portstatus" -> reply = FabricReports.portStatus(daemon.snapshot());
            case "lidbalance" -> reply = FabricReports.lidBalance(daemon.snapshot());
            case "perfmgr", "pm" -> reply = PerfMgrCommands.run(daemon.perfManager(),
                    line.strip().substring(command.length()));
            default -> reply = "unknown command '" + command + "'; try help\n";
        }
        ctx.writeAndFlush(reply + PROMPT);
    }

    private String status() {
        Daemon daemon = management.daemon();
        SweepCounters sweeps = management.sweeps();
        FabricView view = daemon.view();
        SubnetSnapshot snap = view.snapshot();
        TransactionStats mads = daemon.madStats();
        RoutingResult routing = view.routing();
        String engine = routing == null ? "(none yet)" : routing.engineUsed().orElse("(none: no engine routed)");
        StringBuilder out = new StringBuilder();
        row(out, "Version", management.version());
        SmStatus sm = daemon.ha().status();
        row(out, "SM State", daemon.state().name());
        row(out, "SM Priority", Integer.toString(sm.priority()));
        row(out, "Master SM", sm.isMaster() ? "this SM" : sm.masterGuid() == 0 ? "(none known)"
                : Guid.toString(sm.masterGuid()));
        for (RemoteSm other : daemon.ha().remoteSms()) {
            row(out, "Other SM", Guid.toString(other.guid()) + " " + other.state().name() + ", priority "
                    + other.priority() + ", LID " + other.lid());
        }
        row(out, "Subnet", sweeps.lastUpSweep() > 0 ? "UP since heavy sweep " + sweeps.lastUpSweep() : "not up yet");
        row(out, "Fabric", snap.nodes().size() + " nodes, " + snap.switches().size() + " switches, "
                + snap.endPorts().size() + " end ports, " + snap.links().size() + " links");
        row(out, "Routing Engine", engine);
        row(out, "Heavy sweeps", (sweeps.heavy.ok.get() + sweeps.heavy.failed.get()) + " ("
                + sweeps.heavy.failed.get() + " failed), last " + sweeps.heavy.lastNanos / 1_000_000 + " ms");
        row(out, "Incremental sweeps", sweeps.of(SweepKind.INCREMENTAL).total() + ", "
                + sweeps.of(SweepKind.RECONFIGURE).total() + " reconfigurations");
        row(out, "Light sweeps", Long.toString(sweeps.light.ok.get() + sweeps.light.failed.get()));
        row(out, "MADs", mads.sent() + " sent, " + mads.received() + " received, " + mads.retries()
                + " retries, " + mads.timeouts() + " timeouts, " + mads.outstanding() + " outstanding");
        return out.toString();
    }

    private static String priority(Daemon daemon, String arg) {
        if (arg.isEmpty()) {
            return "SM priority " + daemon.ha().status().priority() + "\n";
        }
        try {
            daemon.ha().setPriority(Integer.parseInt(arg));
            return "SM priority " + daemon.ha().status().priority() + " until the next start or reload\n";
        } catch (IllegalArgumentException e) {
            return "priority: expected a number 0..15, found '" + arg + "'\n";
        }
    }

    private static String loglevel(String arg) {
        OptionalInt now = LogSetup.flags();
        if (now.isEmpty()) {
            return "loglevel: the daemon's log is not started\n";
        }
        if (arg.isEmpty()) {
            return String.format("log_flags 0x%02x%n", now.getAsInt());
        }
        int flags;
        try {
            flags = Integer.decode(arg);
        } catch (NumberFormatException e) {
            flags = -1;
        }
        if (flags < 0 || flags > 0xFF) {
            return "loglevel: expected a mask in 0x00..0xff (OpenSM's log_flags bits), found '" + arg + "'\n";
        }
        LogSetup.setFlags(flags);
        return String.format("log_flags 0x%02x until the next start (then opensm.conf's log_flags applies)%n",
                LogSetup.flags().orElse(flags));
    }

    private static void row(StringBuilder out, String name, String value) {
        out.append(String.format("   %-20s : %s%n", name, value));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
