package dev.jsm.daemon.perfmgr;

/**
 * The console's {@code perfmgr dump_redir} and {@code clear_redir}: the ports whose PMA redirected the manager
 * elsewhere (original LID, redirected LID, P_Key, queue pair, P_Key index), in OpenSM's table layout; clearing sends
 * the next queries to the ports' own LIDs on QP1 again.
 *
 * <p>Stateless; called on the performance manager's thread.
 */
final class PerfMgrRedirects {

    private PerfMgrRedirects() {
    }

    /** The redirection table of every node, or of the one {@code who} names. */
    static String dump(PerfManager pm, String who) {
        StringBuilder out = new StringBuilder();
        if (!pm.redirectEnabled()) {
            out.append("Perfmgr redirection not enabled\n");
        }
        out.append("\nRedirection Table\n-----------------\n");
        if (!who.isEmpty()) {
            MonitoredNode n = PerfMgrCommands.find(pm, who);
            return n == null ? out.append(PerfMgrCommands.notFound(who)).toString() : entry(out, n).toString();
        }
        pm.nodes().forEach(n -> entry(out, n));
        return out.toString();
    }

    /** Ends the redirection of every node, or of the one {@code who} names. */
    static String clear(PerfManager pm, String who) {
        StringBuilder out = new StringBuilder();
        if (!pm.redirectEnabled()) {
            out.append("Perfmgr redirection not enabled\n");
        }
        if (!who.isEmpty()) {
            MonitoredNode n = PerfMgrCommands.find(pm, who);
            if (n == null) {
                return out.append(PerfMgrCommands.notFound(who)).toString();
            }
            clear(n);
            return out.toString();
        }
        pm.nodes().forEach(PerfMgrRedirects::clear);
        return out.toString();
    }

    private static void clear(MonitoredNode n) {
        for (int p = n.firstPort(); p <= n.numPorts; p++) {
            if (n.redirected[p]) {
                n.clearRedirect(p);
            }
        }
    }

    private static StringBuilder entry(StringBuilder out, MonitoredNode n) {
        boolean header = false;
        for (int p = n.firstPort(); p <= n.numPorts; p++) {
            if (!n.redirected[p]) {
                continue;
            }
            if (!header) {
                out.append("   Node GUID       ESP0   Name\n   ---------       ----   ----\n");
                out.append(String.format("   0x%x %d      %s%n", n.guid, n.esp0 ? 1 : 0, n.name));
                out.append("\n   Port Valid  LIDs     PKey  QP    PKey Index\n");
                out.append("   ---- -----  ----     ----  --    ----------\n");
                header = true;
            }
            out.append(String.format("   %d    %d      %d->%d  0x%x 0x%x   %d%n", p, n.monitored[p] ? 1 : 0,
                    n.lid[p], n.redirectLid[p], n.redirectPKey[p], n.redirectQp[p], n.pKeyIndex[p]));
        }
        if (header) {
            out.append('\n');
        }
        return out;
    }
}
