package dev.jsm.daemon.route;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.subnet.Switch;
import java.util.function.Consumer;

/**
 * The one SwitchInfo Set path of the programming stages: the LFT stage's (LinearFDBTop, LifeTimeValue, clearing
 * PortStateChange) and the multicast stage's (MulticastFDBTop). Every Set carries what the switch holds, with the
 * LinearFDBTop and LifeTimeValue the LFT stage wants - a multicast stage's Set may reach a switch before the LFT
 * stage's is answered and must not undo it - PortStateChange written 1 only to clear it, and the MulticastFDBTop
 * asked for. The answer becomes the switch's attributes; a failed Set counts as the sweep's error and is logged in
 * the caller's words.
 *
 * <p>Confined to the SM thread.
 */
public final class SwitchInfoSetter {

    private SwitchInfoSetter() {
    }

    /** {@code packet_life_time}: the LifeTimeValue every switch's SwitchInfo should hold. */
    public static int lifeTimeValue(SmOptions options) {
        return options.getInt(DeviceOptions.PACKET_LIFE_TIME) & 0x1F;
    }

    /** The LinearFDBTop {@code sw} should hold: the top of its wanted LFT, cut to what the switch can hold. */
    public static int linearFdbTop(Switch sw) {
        return Math.min(sw.lft().wantedTop(), sw.attributes().linearFdbCap() - 1);
    }

    /**
     * Sends a SwitchInfo Set to {@code sw} along {@code path}.
     *
     * @param clearPortStateChange whether to write PortStateChange 1, which clears it on the switch
     * @param multicastFdbTop the MulticastFDBTop to write
     * @param failed logs a failed Set, given why it failed (not called at shutdown)
     */
    public static void set(SweepState state, StageServices services, Switch sw, DrPath path,
                           boolean clearPortStateChange, int multicastFdbTop, Consumer<String> failed) {
        SwitchInfo held = Attributes.toSwitchInfo(sw.attributes());
        int linearFdbTop = linearFdbTop(sw);
        int lifeTime = lifeTimeValue(services.options());
        services.smps().set(path, AttributeId.SWITCH_INFO, 0, (mad, off) -> {
            held.encodeTo(mad, off);
            SwitchInfo.LINEAR_FDB_TOP.put(mad, off, linearFdbTop);
            SwitchInfo.LIFE_TIME_VALUE.put(mad, off, lifeTime);
            SwitchInfo.PORT_STATE_CHANGE.put(mad, off, clearPortStateChange ? 1 : 0);
            SwitchInfo.MULTICAST_FDB_TOP.put(mad, off, multicastFdbTop);
        }, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad != null) {
                sw.setAttributes(Attributes.of(SwitchInfo.decode(mad, Smp.DATA_OFFSET)));
            } else if (!Replies.isClosed(outcome)) {
                state.recordError();
                failed.accept(Replies.failure(outcome));
            }
        });
    }
}
