package dev.jsm.sa.query;

import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.VNodeAttributes;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;

/**
 * The snapshot's values as the SMP attributes the SA records embed, and the LIDs records are keyed by. Fields the
 * model does not keep (violation counters, DiagCode, InitType ...) are zero, as OpenSM reports what it read and
 * these are zero on a healthy fabric.
 *
 * <p>Stateless; thread-safe.
 */
final class ModelAttributes {

    private ModelAttributes() {
    }

    /** PortInfo of port {@code portNum} from the model's attributes. */
    static PortInfo portInfo(PortAttributes a, int portNum) {
        int localPortNum = a.localPortNum() != 0 ? a.localPortNum() : portNum;  // 0: a model built without discovery
        return new PortInfo(a.mKey(), a.gidPrefix(), a.lid(), a.masterSmLid(), a.capabilityMask(), 0,
                a.mKeyLeasePeriod(), localPortNum, a.linkWidthEnabled(), a.linkWidthSupported(), a.linkWidthActive(),
                a.linkSpeedSupported(), a.portState(), a.portPhysicalState(), a.linkDownDefaultState(),
                a.mKeyProtectBits(), a.lmc(),
                a.linkSpeedActive(), a.linkSpeedEnabled(), a.neighborMtu(), a.masterSmSl(), a.vlCap(), 0,
                a.vlHighLimit(), a.vlArbitrationHighCap(), a.vlArbitrationLowCap(), 0, a.mtuCap(), a.vlStallCount(),
                a.hoqLife(), a.operationalVls(), a.partitionEnforcementInbound(), a.partitionEnforcementOutbound(),
                a.filterRawInbound(), a.filterRawOutbound(), 0, 0, 0, a.guidCap(), 0, 0, a.subnetTimeout(),
                a.respTimeValue(), a.localPhyErrors(), a.overrunErrors(), 0, 0, a.capabilityMask2(),
                a.linkSpeedExtActive(), a.linkSpeedExtSupported(), a.linkSpeedExtEnabled(), a.linkSpeedExtActive2(),
                a.linkSpeedExtSupported2(), a.linkSpeedExtEnabled2());
    }

    /** SwitchInfo from the model's attributes. */
    static SwitchInfo switchInfo(SwitchAttributes a) {
        return new SwitchInfo(a.linearFdbCap(), a.randomFdbCap(), a.multicastFdbCap(), a.linearFdbTop(),
                a.defaultPort(), a.defaultMulticastPrimaryPort(), a.defaultMulticastNotPrimaryPort(),
                a.lifeTimeValue(), a.portStateChange(), a.optimizedSlToVlMappingProgramming(), a.lidsPerPort(),
                a.partitionEnforcementCap(), a.inboundEnforcementCap(), a.outboundEnforcementCap(),
                a.filterRawInboundCap(), a.filterRawOutboundCap(), a.enhancedPort0(), a.multicastFdbTop());
    }

    /** NodeInfo of {@code node} as answered on {@code port} (its PortGUID and LocalPortNum). */
    static NodeInfo nodeInfo(NodeView node, PortView port) {
        return new NodeInfo(1, 1, node.kind().wireValue(), node.numPorts(), node.systemImageGuid(), node.nodeGuid(),
                port.portGuid(), node.partitionCap(), node.deviceId(), node.revision(), port.portNum(),
                node.vendorId());
    }

    /**
     * NodeInfo of the virtual node of {@code vport} (docs/virtualization.md) as answered on it: the vnode's GUID (as
     * node and system image GUID), port count, P_Key capacity and the vport's place in it, the vport's GUID, and the
     * device values of the HCA the vport is on.
     */
    static NodeInfo vnodeInfo(NodeView hca, VPortView vport) {
        VNodeAttributes vn = vport.vnode();
        return new NodeInfo(1, 1, NodeKind.CA.wireValue(), Math.max(vn.numPorts(), 1), vn.nodeGuid(), vn.nodeGuid(),
                vport.guid(), vn.partitionCap(), hca.deviceId(), hca.revision(), Math.max(vn.localPortNum(), 1),
                hca.vendorId());
    }

    /**
     * The PortInfo values of {@code vport}: its physical port's (link, MTU, VLs), with the vport's own LID (LMC 0)
     * and state.
     */
    static PortAttributes vportAttributes(PortView physical, VPortView vport) {
        return physical.attributes().withLid(vport.lid(), 0).withPortState(vport.attributes().state());
    }

    /**
     * The LID records use for {@code port}: its end port's base LID (CA and router ports, switch port 0), else the
     * LID of its switch's port 0; 0 if none is assigned.
     */
    static int lidOf(SubnetSnapshot s, PortView port) {
        int ep = port.endPortIndex();
        if (ep < 0) {
            PortView port0 = s.port(port.nodeIndex(), 0);
            if (port0 == null || port0.endPortIndex() < 0) {
                return 0;
            }
            ep = port0.endPortIndex();
        }
        var range = s.endPorts().get(ep).lidRange();
        return range == null ? 0 : range.base();
    }
}
