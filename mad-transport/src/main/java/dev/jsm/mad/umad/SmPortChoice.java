package dev.jsm.mad.umad;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which local port the SM binds to when no GUID is given: only InfiniBand ports are candidates (a RoCE or iWARP
 * port beside the HCA carries no SMPs, yet libibumad's own choice, the first active port, can be one); among them
 * the first Active port, else the first whose link is up (Init or Armed: it waits for an SM), else the first
 * InfiniBand port at all (opening it then says that it is down). Ports are taken in the order given (CA name, then
 * port number). The choice carries a sentence for the log saying why, and which ports were passed over.
 *
 * @param port the chosen port
 * @param why one line for the log: the rule that chose it and the ports left out
 */
public record SmPortChoice(UmadPort port, String why) {

    private static final int STATE_ACTIVE = 4;

    /**
     * Chooses among {@code ports}.
     *
     * @throws UmadException {@link UmadException.Reason#NO_DEVICE} when no port is InfiniBand (naming what was seen)
     */
    public static SmPortChoice among(List<UmadPort> ports) throws UmadException {
        List<UmadPort> ib = new ArrayList<>();
        List<String> other = new ArrayList<>();
        for (UmadPort p : ports) {
            if (p.isInfiniBand()) {
                ib.add(p);
            } else {
                other.add(p.label() + " (link layer " + p.linkLayer() + ")");
            }
        }
        if (ib.isEmpty()) {
            throw new UmadException(UmadException.Reason.NO_DEVICE, ports.isEmpty()
                    ? "no local RDMA port found"
                    : "no InfiniBand port among the local ports: " + String.join(", ", other));
        }
        UmadPort active = first(ib, p -> p.state() == STATE_ACTIVE);
        UmadPort linked = first(ib, p -> p.state() > UmadPort.STATE_DOWN);
        UmadPort chosen;
        String rule;
        if (active != null) {
            chosen = active;
            rule = "the first Active InfiniBand port";
        } else if (linked != null) {
            chosen = linked;
            rule = "no InfiniBand port is Active; the first whose link is up (" + stateName(linked.state()) + ")";
        } else {
            chosen = ib.get(0);
            rule = "no InfiniBand port has a link; the first one";
        }
        StringBuilder why = new StringBuilder(rule);
        if (!other.isEmpty()) {
            why.append("; not InfiniBand: ").append(String.join(", ", other));
        }
        return new SmPortChoice(chosen, why.toString());
    }

    private static String stateName(int state) {
        return switch (state) {
            case 2 -> "Init";
            case 3 -> "Armed";
            default -> "state " + state;
        };
    }

    private static UmadPort first(List<UmadPort> ports, Predicate<UmadPort> test) {
        for (UmadPort p : ports) {
            if (test.test(p)) {
                return p;
            }
        }
        return null;
    }
}
