package dev.jsm.daemon.qos;

import dev.jsm.qos.tables.QosConfig;
import dev.jsm.qos.tables.QosPlan;
import dev.jsm.qos.tables.QosTablePlanner;
import dev.jsm.qos.tables.Sl2VlOverride;
import dev.jsm.subnet.Subnet;
import java.util.ArrayList;
import java.util.List;

/**
 * One QoS pass as the QoS manager runs it, without MADs: the planner writes the wanted tables into the model,
 * {@link QosBlockSets} lists the Sets, and those whose block differs from what the port holds are the ones sent.
 *
 * @param sets the Sets that would be sent, in sending order
 * @param vlHighLimits the planner's VLHighLimits
 */
record QosPass(List<QosSet> sets, List<QosPlan.VlHighLimit> vlHighLimits) {

    /** Plans a pass over {@code subnet} and lists the Sets it would send. */
    static QosPass plan(Subnet subnet, QosConfig config, Sl2VlOverride override) {
        QosPlan plan = QosTablePlanner.plan(subnet, config, override);
        List<QosSet> sets = new ArrayList<>();
        QosBlockSets.forEach(subnet, plan, s -> {
            if (s.table().blockDiffers(s.block())) {
                sets.add(QosSet.of(s));
            }
        });
        return new QosPass(sets, plan.vlHighLimits());
    }
}
