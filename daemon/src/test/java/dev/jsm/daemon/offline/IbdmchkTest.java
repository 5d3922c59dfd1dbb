package dev.jsm.daemon.offline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.dump.DumpFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running ibdmchk: where it is found, the command line it gets, its output kept and read, its exit status (a
 * stand-in script plays ibdmchk, crash after the verdict included).
 */
class IbdmchkTest {

    @TempDir
    Path dir;

    @Test
    void theEnvironmentNamesTheProgramOrTurnsItOff() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        script(bin.resolve("ibdmchk"), "true");
        Duration t = Duration.ofSeconds(1);

        assertThat(Ibdmchk.locate(Map.of("PATH", "/nonexistent:" + bin), t)).get()
                .returns(bin.resolve("ibdmchk"), Ibdmchk::program).returns(false, Ibdmchk::named);
        assertThat(Ibdmchk.locate(Map.of("PATH", "/nonexistent"), t)).isEmpty();
        assertThat(Ibdmchk.locate(Map.of("PATH", bin.toString(), Ibdmchk.ENV, "none"), t)).isEmpty();
        assertThat(Ibdmchk.locate(Map.of("PATH", bin.toString(), Ibdmchk.ENV, ""), t)).isEmpty();
        assertThat(Ibdmchk.locate(Map.of(Ibdmchk.ENV, "/opt/ibutils/bin/ibdmchk"), t)).get()
                .returns(Path.of("/opt/ibutils/bin/ibdmchk"), Ibdmchk::program).returns(true, Ibdmchk::named);
    }

    @Test
    void itGetsTheDumpFilesAndItsVerdictIsReadEvenWhenItDiesAfterIt() throws Exception {
        Path program = script(dir.resolve("fake-ibdmchk"), "echo \"$@\" > args",
                "echo '-I- Scanned:12 CA to CA paths '",
                "echo '-I- Analyzing Fabric for Credit Loops 2 SLs, 16 VLs used.'",
                "echo '-I- no credit loops found'",
                "kill -SEGV $$");

        IbdmchkVerdict v = new Ibdmchk(program, true, Duration.ofSeconds(30)).check(dir, 0, true, true, false);

        assertThat(Files.readString(dir.resolve("args")).trim()).isEqualTo("-s " + DumpFiles.SUBNET_LIST + " -f "
                + DumpFiles.FDBS + " -m " + DumpFiles.MCFDBS + " -c " + DumpFiles.PATH_SL + " -d " + DumpFiles.SL2VL);
        assertThat(v.creditLoops()).isEqualTo(IbdmchkVerdict.CreditLoops.NONE);
        assertThat(v.caPaths()).isEqualTo(12);
        assertThat(v.exitStatus()).isEqualTo(IbdmchkVerdict.SIGSEGV_STATUS);
        assertThat(v.crashedAfterVerdict()).isTrue();
        assertThat(Files.readAllLines(dir.resolve(Ibdmchk.OUTPUT))).hasSize(4).first().asString()
                .startsWith(program.toString()).endsWith(DumpFiles.SL2VL);
    }

    @Test
    void everyPairWithTheLmcAndNoSlFiles() throws Exception {
        Path program = script(dir.resolve("fake-ibdmchk"), "echo \"$@\" > args", "exit 1");

        IbdmchkVerdict v = new Ibdmchk(program, true, Duration.ofSeconds(30)).check(dir, 2, false, false, true);

        assertThat(Files.readString(dir.resolve("args")).trim()).endsWith(DumpFiles.MCFDBS + " -l 2 -a");
        assertThat(v.creditLoops()).isEqualTo(IbdmchkVerdict.CreditLoops.NOT_CHECKED);
        assertThat(v.exitStatus()).isEqualTo(1);
        assertThat(dir.resolve(Ibdmchk.OUTPUT_ALL_PAIRS)).exists();
    }

    @Test
    void aRunThatTakesTooLongIsStopped() throws Exception {
        Path program = script(dir.resolve("slow-ibdmchk"), "exec sleep 60");

        IbdmchkVerdict v = new Ibdmchk(program, true, Duration.ofMillis(200)).check(dir, 0, false, false, false);

        assertThat(v.exitStatus()).isEqualTo(-1);
        assertThat(v.creditLoops()).isEqualTo(IbdmchkVerdict.CreditLoops.NOT_CHECKED);
        assertThat(v.summary()).endsWith("exit status -1");
    }

    private static Path script(Path file, String... lines) throws Exception {
        Files.writeString(file, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
