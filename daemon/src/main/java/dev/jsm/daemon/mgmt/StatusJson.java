package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.routing.RoutingResult;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * The daemon's state as one JSON object for {@code /status} (scripts, health checks): SM state, whether the subnet
 * is up and since which sweep, the fabric's size, the routing engine in use, the SM's port and the MAD totals.
 * Written by hand; every value is a number, a boolean or a short string.
 *
 * <p>Stateless; safe to share.
 */
final class StatusJson {

    private StatusJson() {
    }

    /** The object, on one line. */
    static String render(ManagedSm managed, SweepCounters sweeps, String version) {
        FabricView view = managed.view();
        SubnetSnapshot snap = view.snapshot();
        TransactionStats mads = managed.madStats();
        SmSummary sm = managed.sm();
        RoutingResult routing = view.routing();
        StringBuilder out = new StringBuilder(512).append('{');
        field(out, "version", version).append(',');
        field(out, "smState", sm.state().name()).append(',');
        out.append("\"subnetUp\":").append(sweeps.lastUpSweep() > 0).append(',');
        out.append("\"lastSubnetUpSweep\":").append(sweeps.lastUpSweep()).append(',');
        out.append("\"lastSubnetUpEpochMillis\":").append(sweeps.lastUpMillis()).append(',');
        out.append("\"heavySweeps\":").append(sweeps.heavy.ok.get() + sweeps.heavy.failed.get()).append(',');
        out.append("\"failedHeavySweeps\":").append(sweeps.heavy.failed.get()).append(',');
        out.append("\"incrementalSweeps\":").append(sweeps.of(SweepKind.INCREMENTAL).total()).append(',');
        out.append("\"reconfigurations\":").append(sweeps.of(SweepKind.RECONFIGURE).total()).append(',');
        out.append("\"lightSweeps\":").append(sweeps.light.ok.get() + sweeps.light.failed.get()).append(',');
        out.append("\"fabric\":{\"nodes\":").append(snap.nodes().size())
                .append(",\"switches\":").append(snap.switches().size())
                .append(",\"endPorts\":").append(snap.endPorts().size())
                .append(",\"links\":").append(snap.links().size())
                .append(",\"vports\":").append(snap.vports().stream().filter(v -> v.vportIndex() != 0).count())
                .append(",\"vportsUp\":").append(snap.vports().stream()
                        .filter(v -> v.vportIndex() != 0 && v.isUp()).count()).append("},");
        out.append("\"routingEngine\":");
        if (routing == null || routing.engineUsed().isEmpty()) {
            out.append("null");
        } else {
            quote(out, routing.engineUsed().get());
        }
        out.append(',');
        smFields(out, sm);
        out.append(",\"mads\":{\"sent\":").append(mads.sent())
                .append(",\"received\":").append(mads.received())
                .append(",\"retries\":").append(mads.retries())
                .append(",\"timeouts\":").append(mads.timeouts())
                .append(",\"outstanding\":").append(mads.outstanding()).append("}}");
        return out.toString();
    }

    /** This SM's port and priority, the master it takes (or "self"), and the other SMs it knows. */
    private static void smFields(StringBuilder out, SmSummary sm) {
        field(out, "smPort", sm.port().caName() + "/" + sm.port().portNum()).append(',');
        field(out, "smPortGuid", Guid.toString(sm.port().portGuid())).append(',');
        out.append("\"smPriority\":").append(sm.priority()).append(',');
        field(out, "masterSm", sm.master() ? "self" : sm.masterGuid() == 0 ? "" : Guid.toString(sm.masterGuid()))
                .append(",\"otherSms\":[");
        String sep = "";
        for (RemoteSm r : sm.others()) {
            out.append(sep).append('{');
            field(out, "guid", Guid.toString(r.guid())).append(',');
            field(out, "state", r.state().name()).append(',');
            out.append("\"priority\":").append(r.priority()).append(",\"lid\":").append(r.lid()).append('}');
            sep = ",";
        }
        out.append(']');
    }

    private static StringBuilder field(StringBuilder out, String name, String value) {
        quote(out, name);
        out.append(':');
        quote(out, value);
        return out;
    }

    /** A JSON string: quotes, backslashes and control characters escaped. */
    static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
