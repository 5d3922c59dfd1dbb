package dev.jsm.sa.testing;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The few directed-route Sets an SM would do to make a one-switch fabric (the in-JVM simulator or ibsim)
 * LID-routable, so the SA tests need no SM: PortInfo LID (and MasterSMLID) on end ports, SwitchInfo LinearFDBTop
 * and LFT block 0 of the switch, port states Armed then Active. Each SMP is sent on the SA's channel and its answer
 * awaited before the next (a Get first, then a Set built from it with PortState/PortPhysicalState 0 = no change).
 *
 * <p>Confined to the test thread; installs its own receiver on the channel until the agent takes it over.
 */
public final class DrBringUp {

    private static final long WAIT_SECONDS = 10;

    private final MadChannel channel;
    private final BlockingQueue<byte[]> answers = new ArrayBlockingQueue<>(16);
    private long tid = 0x5000;

    /** Takes over the receiver of {@code channel} until someone else installs one. */
    public DrBringUp(MadChannel channel) {
        this.channel = channel;
        channel.setReceiver((from, mad, length) -> answers.add(mad));
    }

    /** Gives the end port at {@code path} (port {@code portNum}, 0 for a switch) the LID {@code lid}. */
    public void setLid(DrPath path, int portNum, int lid, int smLid) throws IOException, InterruptedException {
        modify(path, AttributeId.PORT_INFO, portNum, pi -> {
            PortInfo.LID.put(pi, Smp.DATA_OFFSET, lid);
            PortInfo.MASTER_SM_LID.put(pi, Smp.DATA_OFFSET, smLid);
            PortInfo.PORT_STATE.put(pi, Smp.DATA_OFFSET, 0);
            PortInfo.PORT_PHYSICAL_STATE.put(pi, Smp.DATA_OFFSET, 0);
        });
    }

    /** Gives the end port at {@code path} (port {@code portNum}, 0 for a switch) the GID prefix {@code prefix}. */
    public void setGidPrefix(DrPath path, int portNum, long prefix) throws IOException, InterruptedException {
        modify(path, AttributeId.PORT_INFO, portNum, pi -> {
            PortInfo.GID_PREFIX.put(pi, Smp.DATA_OFFSET, prefix);
            PortInfo.PORT_STATE.put(pi, Smp.DATA_OFFSET, 0);
            PortInfo.PORT_PHYSICAL_STATE.put(pi, Smp.DATA_OFFSET, 0);
        });
    }

    /** Programs LFT block 0 of the switch at {@code path} with {@code ports} (LID i to ports[i]). */
    public void setLft(DrPath path, int[] ports) throws IOException, InterruptedException {
        modify(path, AttributeId.SWITCH_INFO, 0,
                si -> SwitchInfo.LINEAR_FDB_TOP.put(si, Smp.DATA_OFFSET, ports.length - 1));
        byte[] set = Smp.directedRoute(Method.SET, ++tid, AttributeId.LINEAR_FORWARDING_TABLE, 0, path, 0);
        Arrays.fill(set, Smp.DATA_OFFSET, Smp.DATA_OFFSET + 64, (byte) 0xFF);
        for (int i = 0; i < ports.length; i++) {
            set[Smp.DATA_OFFSET + i] = (byte) ports[i];
        }
        exchange(set);
    }

    /** Sets PortState of port {@code portNum} of the node at {@code path} (3 Armed, 4 Active). */
    public void setPortState(DrPath path, int portNum, int state) throws IOException, InterruptedException {
        modify(path, AttributeId.PORT_INFO, portNum, pi -> {
            PortInfo.PORT_STATE.put(pi, Smp.DATA_OFFSET, state);
            PortInfo.PORT_PHYSICAL_STATE.put(pi, Smp.DATA_OFFSET, 0);
        });
    }

    /** The PortInfo of port {@code portNum} of the node at {@code path}. */
    public PortInfo portInfo(DrPath path, int portNum) throws IOException, InterruptedException {
        return PortInfo.decode(exchange(Smp.directedRoute(Method.GET, ++tid, AttributeId.PORT_INFO, portNum, path,
                0)), Smp.DATA_OFFSET);
    }

    private void modify(DrPath path, AttributeId attr, long am, Consumer<byte[]> change)
            throws IOException, InterruptedException {
        byte[] got = exchange(Smp.directedRoute(Method.GET, ++tid, attr, am, path, 0));
        byte[] set = Smp.directedRoute(Method.SET, ++tid, attr, am, path, 0);
        System.arraycopy(got, Smp.DATA_OFFSET, set, Smp.DATA_OFFSET, Smp.DATA_SIZE);
        change.accept(set);
        exchange(set);
    }

    private byte[] exchange(byte[] smp) throws IOException, InterruptedException {
        channel.send(MadAddress.directedRoute(), smp, smp.length);
        byte[] answer = answers.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (answer == null || Smp.status(answer) != 0) {
            AttributeId attr = AttributeId.valueOf(MadHeader.ATTRIBUTE_ID.getInt(smp, 0));
            throw new IllegalStateException("simulator did not accept " + attr
                    + (answer == null ? ": no answer" : ": status " + Smp.status(answer)));
        }
        return answer;
    }
}
