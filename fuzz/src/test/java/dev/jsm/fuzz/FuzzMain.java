package dev.jsm.fuzz;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The fuzzing campaign (run by {@code scripts/fuzz.sh}): {@code [-n COUNT] [-s SEED] [-o DIR] [TARGET-PREFIX...]}
 * runs COUNT inputs (default 1,000,000) of every target whose name starts with one of the prefixes (all without
 * one) and prints per target the inputs, how many parsed and were rejected as documented, the seconds, inputs per
 * second, the slowest input and the findings; then each finding's first input and stack. With {@code -o} each
 * finding's first input is also written to {@code DIR/TARGET-N.bin}. Exit status 0 without findings, 1 with, 2 on a
 * usage error.
 */
public final class FuzzMain {

    private FuzzMain() {
    }

    public static void main(String[] args) throws IOException {
        long count = 1_000_000;
        long seed = 25;
        Path out = null;
        List<String> prefixes = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-n" -> count = Long.parseLong(args[++i].replace("_", ""));
                case "-s" -> seed = Long.decode(args[++i]);
                case "-o" -> out = Path.of(args[++i]);
                case "-h", "--help" -> {
                    System.out.println("usage: fuzz [-n COUNT] [-s SEED] [-o DIR] [TARGET-PREFIX...]");
                    FuzzTargets.all().forEach(t -> System.out.println("  " + t.name()));
                    return;
                }
                default -> prefixes.add(args[i]);
            }
        }
        Logger.getLogger("").setLevel(Level.OFF);
        PrintStream o = System.out;
        o.printf("fuzz: %,d inputs per target, seed %d%n", count, seed);
        o.printf("%-30s %11s %11s %11s %8s %9s %9s %8s%n", "target", "inputs", "parsed", "rejected", "seconds",
                "inputs/s", "slowest", "findings");
        List<FuzzReport> reports = new ArrayList<>();
        for (FuzzTarget t : FuzzTargets.all()) {
            if (!prefixes.isEmpty() && prefixes.stream().noneMatch(p -> t.name().startsWith(p))) {
                continue;
            }
            FuzzReport r = FuzzRunner.run(t, count, seed);
            reports.add(r);
            o.printf("%-30s %,11d %,11d %,11d %8.1f %,9.0f %7.1fms %,8d%n", r.target(), r.inputs(), r.accepted(),
                    r.rejected(), r.nanos() / 1e9, r.rate(), r.slowestNanos() / 1e6, r.findingCount());
        }
        long findings = 0;
        for (FuzzReport r : reports) {
            for (FuzzReport.Finding f : r.findings().values()) {
                findings += f.count();
                o.printf("%nFINDING %s: %s (%,d inputs; first: input %d, seed %d)%n%s%n", r.target(), f.signature(),
                        f.count(), f.firstIndex(), seed, f.shownInput(400));
                f.first().printStackTrace(o);
                if (out != null) {
                    Files.createDirectories(out);
                    Files.write(out.resolve(r.target() + "-" + f.firstIndex() + ".bin"), f.firstInput());
                }
            }
        }
        long total = reports.stream().mapToLong(FuzzReport::inputs).sum();
        double secs = reports.stream().mapToLong(FuzzReport::nanos).sum() / 1e9;
        o.printf("%ntotal: %d targets, %,d inputs, %.1f s, %,d findings%n", reports.size(), total, secs, findings);
        System.exit(findings == 0 ? 0 : 1);
    }
}
