package dev.jsm.mad.tool;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SmpAttributes;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.mad.umad.UmadException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code bin/smp-query}: sends one SMP to a node by directed route or LID and prints the attribute it returns as
 * {@code name=value} lines, the way {@code smpquery} lets an operator poke the fabric, but through jsm's own stack:
 * {@link UmadChannel} (JNA, libibumad) and {@link MadTransactions} with its timeouts and retries. With
 * {@code --set} it reads the attribute, changes the named fields and writes it back (one Get, one Set).
 *
 * <p>The local port is chosen as OpenSM chooses it: by port GUID, by CA and port, or libibumad's first active port.
 * Every failure is one line on standard error and an {@link ExitCode}; the usage is in {@link SmpQueryArgs#USAGE}.
 *
 * <p>Confined to the main thread; the outcome arrives on a private handler thread and is handed over by a future.
 */
public final class SmpQuery {

    /** The errno umad hands a request back with when it could not be routed or was not answered in time. */
    private static final int ETIMEDOUT = 110;

    private final SmpQueryArgs args;
    private final PrintStream out;
    private final PrintStream err;

    private SmpQuery(SmpQueryArgs args, PrintStream out, PrintStream err) {
        this.args = args;
        this.out = out;
        this.err = err;
    }

    /** Runs the tool and exits with its {@link ExitCode}. */
    public static void main(String[] argv) {
        System.exit(run(argv, System.out, System.err).status());
    }

    /**
     * Runs the tool without exiting: what {@link #main} does, for tests and other launchers.
     *
     * @return how the query ended
     */
    public static ExitCode run(String[] argv, PrintStream out, PrintStream err) {
        SmpQueryArgs args;
        try {
            args = SmpQueryArgs.parse(argv);
        } catch (SmpQueryArgs.UsageException e) {
            err.println("smp-query: " + e.getMessage() + " (smp-query -h for help)");
            return ExitCode.USAGE;
        }
        if (args == null) {
            out.print(SmpQueryArgs.USAGE);
            return ExitCode.OK;
        }
        return new SmpQuery(args, out, err).query();
    }

    private ExitCode query() {
        Optional<Layout> layout = SmpAttributes.layout(args.attribute());
        if (!args.sets().isEmpty()) {
            String bad = layout.isEmpty() ? "--set: " + args.attribute().name() + " has no field layout to change"
                    : checkSets(layout.get());
            if (bad != null) {
                return fail(ExitCode.USAGE, bad);
            }
        }
        ExecutorService handler = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "smp-query");
            t.setDaemon(true);
            return t;
        });
        TransactionSettings settings = TransactionSettings.defaults().withWindow(1)
                .withTimeout(Duration.ofMillis(args.timeoutMs()), args.retries());
        try (UmadChannel channel = open();
             MadTransactions txns = new MadTransactions(channel, settings, handler)) {
            TransactionOutcome.Response got = exchange(txns, Method.GET, null);
            if (got == null) {
                return ExitCode.MAD_FAILED;
            }
            if (args.sets().isEmpty()) {
                print("", got.mad(), layout);
                return ExitCode.OK;
            }
            byte[] data = new byte[Smp.DATA_SIZE];
            System.arraycopy(got.mad(), Smp.DATA_OFFSET, data, 0, Smp.DATA_SIZE);
            change(layout.get(), data);
            TransactionOutcome.Response set = exchange(txns, Method.SET, data);
            if (set == null) {
                return ExitCode.MAD_FAILED;
            }
            print(" after Set", set.mad(), layout);
            return ExitCode.OK;
        } catch (UmadException e) {
            return fail(ExitCode.of(e.reason()), e.getMessage());
        } finally {
            handler.shutdownNow();
        }
    }

    /**
     * Opens the local port. The kernel's own request timeout (real HCAs need one, see {@link UmadChannel}) covers
     * all our attempts, so that our retries run before the kernel hands the request back with ETIMEDOUT.
     */
    private UmadChannel open() throws UmadException {
        int kernelTimeoutMs = (int) Math.min(Integer.MAX_VALUE, (long) args.timeoutMs() * (args.retries() + 1));
        UmadChannel.Options options = UmadChannel.Options.defaults().withRequestTimeoutMs(kernelTimeoutMs);
        return args.portGuid() != 0 ? UmadChannel.openByGuid(args.portGuid(), options)
                : UmadChannel.open(args.caName(), args.portNum(), options);
    }

    /** Sends one Get or Set and waits for its outcome; null (after printing why) unless it succeeded. */
    private TransactionOutcome.Response exchange(MadTransactions txns, Method method, byte[] data) {
        byte[] mad;
        MadAddress to;
        if (args.route() != null) {
            mad = Smp.directedRoute(method, 0, args.attribute(), args.modifier(), args.route(), 0);
            to = MadAddress.directedRoute();
        } else {
            mad = Smp.lidRouted(method, 0, args.attribute(), args.modifier(), 0);
            to = MadAddress.smi(args.lid());
        }
        if (data != null) {
            System.arraycopy(data, 0, mad, Smp.DATA_OFFSET, Smp.DATA_SIZE);
        }
        CompletableFuture<TransactionOutcome> done = new CompletableFuture<>();
        txns.send(OutboundMad.of(to, mad), done::complete);
        String what = method + " " + args.attribute().name() + " to " + args.destination();
        TransactionOutcome o;
        try {
            long bound = (long) args.timeoutMs() * (args.retries() + 1) + 10_000;
            o = done.get(bound, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(ExitCode.MAD_FAILED, what + ": interrupted");
            return null;
        } catch (ExecutionException | TimeoutException e) {
            fail(ExitCode.MAD_FAILED, what + ": no outcome from the transaction layer (" + e + ")");
            return null;
        }
        if (o instanceof TransactionOutcome.Response r && r.isOk()) {
            return r;
        }
        String why;
        if (o instanceof TransactionOutcome.Response r) {
            why = String.format("response status 0x%04x (%s)", r.status().value(), r.status().name());
        } else if (o instanceof TransactionOutcome.TimedOut t) {
            why = "no response after " + t.attempts() + " attempts of " + args.timeoutMs() + " ms";
        } else if (o instanceof TransactionOutcome.SendFailed f) {
            why = f.status() == 0 ? "send failed: " + f.reason()
                    : f.status() == ETIMEDOUT ? "not delivered (status 110, ETIMEDOUT: no such route or port, or no"
                    + " answer in time)" : "not delivered (status " + f.status() + ")";
        } else {
            why = "transactions closed";
        }
        fail(ExitCode.MAD_FAILED, what + ": " + why);
        return null;
    }

    /** What is wrong with the {@code --set} values for {@code layout}, or null if they all fit. */
    private String checkSets(Layout layout) {
        for (SmpQueryArgs.FieldValue fv : args.sets()) {
            Field f = find(layout, fv.field());
            if (f == null || f.kind() != Field.Kind.UINT) {
                return "--set " + fv.field() + ": " + layout.name() + " has no numeric field of that name";
            }
            if (f.bitWidth() < 64 && fv.value() >>> f.bitWidth() != 0) {
                return "--set " + fv.field() + "=" + Long.toUnsignedString(fv.value()) + ": does not fit in "
                        + f.bitWidth() + " bits";
            }
        }
        return null;
    }

    /** Applies the {@code --set} values (checked by {@link #checkSets}) to the attribute payload {@code data}. */
    private void change(Layout layout, byte[] data) {
        if (args.attribute().equals(AttributeId.PORT_INFO)) {
            PortInfo.PORT_STATE.put(data, 0, PortInfo.STATE_NO_CHANGE);
            PortInfo.PORT_PHYSICAL_STATE.put(data, 0, PortInfo.STATE_NO_CHANGE);
        }
        for (SmpQueryArgs.FieldValue fv : args.sets()) {
            find(layout, fv.field()).put(data, 0, fv.value());
        }
    }

    private void print(String note, byte[] mad, Optional<Layout> layout) {
        String modifier = args.modifier() == 0 ? "" : String.format(" modifier 0x%x", args.modifier());
        out.println("# " + args.attribute().name() + note + ": " + args.destination() + modifier);
        if (layout.isPresent()) {
            out.print(layout.get().dump(mad, Smp.DATA_OFFSET));
        } else {
            String dump = SmpAttributes.dump(mad);
            out.print(dump.substring(dump.indexOf('\n') + 1));
        }
    }

    private ExitCode fail(ExitCode code, String message) {
        err.println("smp-query: " + message);
        return code;
    }

    private static Field find(Layout layout, String name) {
        for (Field f : layout.fields()) {
            if (f.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        return null;
    }
}
