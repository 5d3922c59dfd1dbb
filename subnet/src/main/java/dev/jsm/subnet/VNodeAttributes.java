package dev.jsm.subnet;

/**
 * The VNodeInfo values (vendor SMP attribute 0xFFB2, docs/virtualization.md) of the virtual node (virtual machine) a
 * virtual port belongs to, in host order.
 *
 * <p>Immutable; safe to share.
 *
 * @param partitionCap VPartitionCap: entries of the vport's P_Key table
 * @param localPortNum VLocalPortNum: which port of the vnode the vport is
 * @param numPorts VNumPorts: ports of the vnode
 * @param nodeGuid VNodeGUID
 */
public record VNodeAttributes(int partitionCap, int localPortNum, int numPorts, long nodeGuid) {

    /** Nothing known yet. */
    public static final VNodeAttributes NONE = new VNodeAttributes(0, 0, 0, 0L);
}
