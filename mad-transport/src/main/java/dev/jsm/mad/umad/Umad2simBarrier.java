package dev.jsm.mad.umad;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.codec.Smp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * The close-time barrier that {@link UmadChannel} needs under ibsim's {@code libumad2sim.so} (ibsim 0.10, read from
 * {@code umad2sim/umad2sim.c}): a DR SMP Get NodeInfo to the local port (hop count 0) whose response proves that
 * ibsim has answered every request sent before it.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/mad-transport.md#umad2simbarrier.
 */
final class Umad2simBarrier {

    /** Whether {@code libumad2sim.so} is mapped into this process (LD_PRELOAD or {@code /etc/ld.so.preload}). */
    static final boolean PRELOADED = preloaded(Path.of("/proc/self/maps"));

    private static final long TID_MASK = 0xFFFF_FFFFL;

    private final byte[] request;

    private Umad2simBarrier(byte[] request) {
        this.request = request;
    }

    /** A barrier with a fresh random TID and M_Key. */
    static Umad2simBarrier random() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return new Umad2simBarrier(Smp.directedRoute(Method.GET, r.nextLong() & TID_MASK, AttributeId.NODE_INFO, 0,
                DrPath.local(), r.nextLong()));
    }

    /** The request to send (a DR SMP; the caller must not change it). */
    byte[] request() {
        return request;
    }

    /** Whether {@code mad} is the response to this barrier (with any status). */
    boolean isAnsweredBy(byte[] mad) {
        return (mad[1] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE.value()
                && (mad[3] & Method.RESPONSE_BIT) != 0
                && (MadHeader.TRANSACTION_ID.getLong(mad, 0) & TID_MASK)
                        == (MadHeader.TRANSACTION_ID.getLong(request, 0) & TID_MASK)
                && Smp.M_KEY.getLong(mad, 0) == Smp.M_KEY.getLong(request, 0);
    }

    /** Whether the memory map {@code maps} (a {@code /proc/<pid>/maps} file) names {@code libumad2sim.so}. */
    static boolean preloaded(Path maps) {
        try (Stream<String> lines = Files.lines(maps)) {
            return lines.anyMatch(l -> l.endsWith("/libumad2sim.so"));
        } catch (IOException | UncheckedIOException e) {
            return false; // no procfs: not Linux, so no umad2sim either
        }
    }
}
