package dev.jsm.daemon.route;

import dev.jsm.subnet.Lid;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.SwitchLft;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The switches whose LinearFDBCap is below the LIDs the routing gave them (a fabric with more LIDs than an older
 * switch's LFT holds): their tables are programmed up to the capacity, and the routes through them to the LIDs above
 * it cannot exist. That is not an error a new sweep can fix, so it is said once, at ERROR, with the switches, the
 * LIDs and the switch-to-LID pairs cut off, and again only when it changes (docs/scale.md).
 *
 * <p>Confined to the SM thread.
 */
final class LftCapacity {

    private static final Logger LOG = LogManager.getLogger(LftCapacity.class);
    /** Switches named in the log line; the rest are counted. */
    private static final int NAMED = 4;

    private final List<Switch> cut = new ArrayList<>();
    private String lastSaid = "";
    private long pairsCut;

    /** Forgets the last sweep's switches; call before the first {@link #check}. */
    void begin() {
        cut.clear();
        pairsCut = 0;
    }

    /** Notes {@code sw} if its LFT cannot hold every LID the routing gave it. */
    void check(Switch sw) {
        SwitchLft lft = sw.lft();
        int cap = sw.attributes().linearFdbCap();
        if (lft.wantedTop() < cap) {
            return;
        }
        cut.add(sw);
        for (int lid = cap; lid <= lft.wantedTop(); lid++) {
            if (lft.wantedPort(lid) != SwitchLft.NO_PATH) {
                pairsCut++;
            }
        }
    }

    /** Switch-to-LID pairs routed but not programmable in this sweep. */
    long pairsCut() {
        return pairsCut;
    }

    /** Logs what was found, if it differs from what was said last. */
    void end() {
        String said = summary();
        if (said.equals(lastSaid)) {
            return;
        }
        if (cut.isEmpty()) {
            LOG.info("ROUT-0509 every switch's LFT holds the LIDs routed to it again");
        } else {
            LOG.error("ROUT-0504 {}", said);
        }
        lastSaid = said;
    }

    private String summary() {
        if (cut.isEmpty()) {
            return "";
        }
        int minCap = Integer.MAX_VALUE;
        int maxTop = 0;
        for (Switch sw : cut) {
            minCap = Math.min(minCap, sw.attributes().linearFdbCap());
            maxTop = Math.max(maxTop, sw.lft().wantedTop());
        }
        StringBuilder b = new StringBuilder();
        b.append(cut.size()).append(" switch(es) hold fewer LIDs than the fabric has (LinearFDBCap from ")
                .append(minCap).append("): ").append(pairsCut).append(" switch-to-LID pairs up to LID ")
                .append(Lid.toString(maxTop)).append(" cannot be routed through them and stay unreachable: ");
        for (int i = 0; i < Math.min(NAMED, cut.size()); i++) {
            Switch sw = cut.get(i);
            b.append(i == 0 ? "" : ", ").append(sw).append(" (cap ").append(sw.attributes().linearFdbCap())
                    .append(')');
        }
        if (cut.size() > NAMED) {
            b.append(" and ").append(cut.size() - NAMED).append(" more");
        }
        return b.toString();
    }
}
