package dev.jsm.daemon;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child process of {@link IbsimFabricsIT}: runs the daemon's {@link Main} on a thread under umad2sim until
 * "SUBNET UP" is in its log ({@code opensm.log} in the working directory), prints {@code UP <ms>}, then the output of
 * {@code ibnetdiscover} ({@code IBND} lines), {@code dump_lfts} ({@code LFTS} lines), {@code dump_fts} ({@code FTS}
 * lines, the programmed tables as the file routing engine reads them back), guid2lid ({@code G2L} lines) and
 * {@code ibtracert} from
 * LID 1 to the highest LID in guid2lid ({@code TRACE} lines: {@code dump_lfts} cannot show a LinearFDBTop that is a
 * multiple of 64, see {@link FabricDump#hidden}), stops the daemon and exits.
 * Exit status 1 if SUBNET UP does not come within two minutes.
 */
public final class IbsimSubnetUpProbe {

    private IbsimSubnetUpProbe() {
    }

    /** Entry point; the arguments go to the daemon. */
    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        ProbeDaemon daemon = ProbeDaemon.start(args, false);
        Path log = Path.of("opensm.log");
        long end = System.currentTimeMillis() + 120_000;
        while (!Files.exists(log) || !Files.readString(log, StandardCharsets.UTF_8).contains("SUBNET UP")) {
            if (System.currentTimeMillis() > end || !daemon.isAlive()) {
                System.out.println("FAILED no SUBNET UP");
                System.exit(1);
            }
            Thread.sleep(10);
        }
        System.out.println("UP " + (System.nanoTime() - t0) / 1_000_000);
        for (String[] cmd : new String[][] {{"IBND", "ibnetdiscover"}, {"LFTS", "dump_lfts"}, {"FTS", "dump_fts"}}) {
            // dump_fts's lines are read back as a table file: its warnings (umad2sim's) stay out of them
            ProcessBuilder pb = new ProcessBuilder(cmd[1]);
            Process p = (cmd[0].equals("FTS") ? pb.redirectError(ProcessBuilder.Redirect.DISCARD)
                    : pb.redirectErrorStream(true)).start();
            for (String line : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                System.out.println(cmd[0] + " " + line);
            }
            p.waitFor();
        }
        int maxLid = 0;
        for (String line : Files.readAllLines(Path.of("guid2lid"))) {
            System.out.println("G2L " + line);
            if (!line.isBlank()) {
                maxLid = Math.max(maxLid, Integer.decode(line.split(" ")[2]));
            }
        }
        Process trace = new ProcessBuilder("ibtracert", "1", Integer.toString(maxLid)).redirectErrorStream(true)
                .start();
        for (String line : new String(trace.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            System.out.println("TRACE " + line);
        }
        System.out.println("TRACE-RC " + trace.waitFor());
        daemon.stop(30_000);
        System.exit(0);
    }
}
