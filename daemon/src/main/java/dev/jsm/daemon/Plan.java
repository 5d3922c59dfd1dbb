package dev.jsm.daemon;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.ConfWriter;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.Option;
import dev.jsm.conf.PartitionOptions;
import dev.jsm.conf.QosOptions;
import dev.jsm.conf.RoutingOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.plan.FabricTables;
import dev.jsm.daemon.plan.PlanDiff;
import dev.jsm.daemon.plan.PlanErrors;
import dev.jsm.daemon.plan.RouteSummary;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.SimFabric;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Plan before apply: what a HUP would change. Runs the daemon's own sweeps over a private in-JVM simulator built
 * from the fabric as it is - a heavy sweep with the configuration in force, then the reconfiguration a SIGHUP asks
 * for with the changed configuration file - and compares what the simulated agents hold after each ({@link
 * FabricTables}, {@link PlanDiff}). LIDs come from a copy of the daemon's guid2lid; nothing reaches a real fabric
 * and no file of the daemon's is written.
 *
 * <p>Not thread-safe; one run at a time on the caller's thread (the daemon it starts has its own threads).
 *
 * <p>In detail: docs/design/daemon.md#plan.
 */
public final class Plan {

    /** How long each of the two sweeps may take on the simulator. */
    private static final Duration SWEEP_LIMIT = Duration.ofMinutes(10);
    /** The verifier's settings: CA-to-CA credit loops, lengths and link load, as route-only's ibdmchk check. */
    private static final VerifierOptions VERIFIER = new VerifierOptions(3, false);

    /**
     * The options naming a policy file a HUP re-reads: an edited file is what a plan is for, so when the two
     * configurations name different files for one of those that needs a restart, they are taken as the file before
     * and after the edit.
     */
    static final List<Option<String>> POLICY_FILES = List.of(PartitionOptions.PARTITION_CONFIG_FILE,
            QosOptions.QOS_POLICY_FILE, QosOptions.ENHANCED_QOS_POLICY_FILE, RoutingOptions.RCH_POLICY_FILE,
            RoutingOptions.PGRP_POLICY_FILE, RoutingOptions.TOPO_POLICY_FILE);

    private Plan() {
    }

    /**
     * The outcome of a plan that ran.
     *
     * @param diff what the HUP would change
     * @param hosts the fabric's end ports, for the report's first line
     * @param switches the fabric's switches
     */
    public record Outcome(PlanDiff diff, int hosts, int switches) {
    }

    /**
     * Plans the change from {@code current} to {@code changed} on {@code fabric}, the SM on the first CA's port 1.
     *
     * @param fabric the fabric to plan on (closed by the caller); the plan's daemon programs it
     * @param current the opensm.conf in force (the files it names are read at the first sweep)
     * @param changed the opensm.conf a HUP would read (the files it names are read at the reconfiguration)
     * @param cacheDir the daemon's cache directory: its guid2lid gives the LIDs; only read
     * @throws PlanException if a configuration file has errors ({@code file:line: what}), or a sweep failed or
     *     took too long
     * @throws IOException if a configuration file cannot be read
     */
    public static Outcome run(FabricAttachment fabric, Path current, Path changed, Path cacheDir)
            throws PlanException, IOException, InterruptedException {
        ConfFile now = OpenSmConfReader.read(current);
        ConfFile next = OpenSmConfReader.read(changed);
        for (ConfFile c : List.of(now, next)) {
            if (c.hasErrors()) {
                throw new PlanException(c.errors().stream().map(Object::toString)
                        .collect(Collectors.joining("; ")));
            }
        }
        SmOptions before = SmOptions.fromFile(now);
        SmOptions after = SmOptions.fromFile(next);
        Path cache = RouteOnly.privateCache(cacheDir);
        Path conf = cache.resolve("plan-opensm.conf");
        try {
            List<Slot> slots = slots(before, after, cache);
            for (Slot slot : slots) {
                before = before.toBuilder().set(slot.option, slot.path.toString()).build();
                after = after.toBuilder().set(slot.option, slot.path.toString()).build();
            }
            List<String> restartOnly = SmOptions.fromFile(now).reload(next).restartRequired().stream()
                    .filter(c -> slots.stream().noneMatch(slot -> slot.option == c.option()))
                    .map(Object::toString).toList();
            ConfWriter.write(before, conf);
            fill(slots, true);
            SmEvents events = new SmEvents();
            LinkedBlockingQueue<Object> ended = new LinkedBlockingQueue<>();
            Daemon daemon = new Daemon(new DaemonSettings(before, cache, cache, Optional.of(conf), false, "jsm"),
                    fabric.channel(), events);
            daemon.addListener(new SweepListener() {
                @Override
                public void subnetUp(FabricView view) {
                }

                @Override
                public void sweepFailed(int sweepNumber, String reason) {
                    ended.add("heavy sweep " + sweepNumber + " failed (" + reason + ")");
                }

                @Override
                public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
                    ended.add(ok ? kind : kind.label() + " sweep did not configure the fabric");
                }
            });
            try {
                daemon.start();
                await(ended, SweepKind.HEAVY);
                Side a = readBack(fabric.sim(), daemon.view());
                List<String> errors;
                try (PlanErrors log = PlanErrors.open(Daemon.log())) {
                    ConfWriter.write(after, conf);
                    fill(slots, false);
                    events.request(SmEvent.RECONFIGURE, "plan: the changed configuration, as SIGHUP");
                    await(ended, SweepKind.RECONFIGURE);
                    errors = log.messages().stream().map(m -> named(m, slots)).toList();
                }
                Side b = readBack(fabric.sim(), daemon.view());
                RoutingInput in = b.in.maxLid() >= a.in.maxLid() ? b.in : a.in;
                PlanDiff diff = PlanDiff.of(in, a.tables, b.tables, RouteSummary.of(a.report),
                        RouteSummary.of(b.report), restartOnly, errors);
                SubnetSnapshot s = daemon.view().snapshot();
                return new Outcome(diff, s.endPorts().size() - s.switches().size(), s.switches().size());
            } finally {
                daemon.close();
            }
        } finally {
            RouteOnly.deleteQuietly(cache);
        }
    }

    /**
     * A policy file option that needs a restart and names another file in the changed configuration: the plan takes
     * the two files as one file before and after an edit, at a private path both configurations name.
     */
    private record Slot(Option<String> option, Path path, String current, String changed) {
    }

    private static List<Slot> slots(SmOptions before, SmOptions after, Path dir) {
        List<Slot> slots = new ArrayList<>();
        for (Option<String> o : POLICY_FILES) {
            String a = before.get(o);
            String b = after.get(o);
            if (!o.reloadable() && !Objects.equals(a, b)) {
                slots.add(new Slot(o, dir.resolve("plan-" + o.name()), a, b));
            }
        }
        return slots;
    }

    /** Copies each slot's file of one side to its private path, or removes that path when the side names none. */
    private static void fill(List<Slot> slots, boolean current) throws IOException {
        for (Slot slot : slots) {
            String file = current ? slot.current : slot.changed;
            if (file != null && Files.isRegularFile(Path.of(file))) {
                Files.copy(Path.of(file), slot.path, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(slot.path);
            }
        }
    }

    /** {@code message} with the slots' private paths replaced by the changed files they stand for. */
    private static String named(String message, List<Slot> slots) {
        String m = message;
        for (Slot slot : slots) {
            m = m.replace(slot.path.toString(), String.valueOf(slot.changed));
        }
        return m;
    }

    /** One side of the plan: the tables read back, the routing input of the view and the verifier's report. */
    private record Side(FabricTables tables, RoutingInput in, VerifierReport report) {
    }

    private static Side readBack(SimFabric sim, FabricView view) {
        SubnetSnapshot s = view.snapshot();
        RoutingInput in = RoutingInput.from(s, view.options().lmc());
        FabricTables tables = FabricTables.readBack(sim, in.maxLid());
        LftTables lfts = LftTables.forInput(in);
        for (int sw = 0; sw < in.switchCount(); sw++) {
            int[] lft = tables.lfts().get(in.switchGuid()[sw]);
            for (int lid = 1; lft != null && lid <= in.maxLid(); lid++) {
                lfts.setPort(sw, lid, lft[lid]);
            }
        }
        RoutingResult r = view.routing();
        RouteVerifier verifier = new RouteVerifier(VERIFIER);
        VerifierReport report = r != null && r.isRouted() ? verifier.verify(in, lfts, r.routed())
                : verifier.verify(in, lfts);
        return new Side(tables, in, report);
    }

    private static void await(LinkedBlockingQueue<Object> ended, SweepKind kind)
            throws PlanException, InterruptedException {
        while (true) {
            Object o = ended.poll(SWEEP_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
            if (o == null) {
                throw new PlanException("no " + kind.label() + " sweep ended within " + SWEEP_LIMIT.toMinutes()
                        + " minutes");
            }
            if (o instanceof String failure) {
                throw new PlanException(failure);
            }
            if (o == kind) {
                return;
            }
        }
    }

    /** A plan that could not run: a sweep failed or a configuration is unusable; the message says which. */
    public static final class PlanException extends Exception {
        private static final long serialVersionUID = 1L;

        PlanException(String message) {
            super(message);
        }
    }
}
