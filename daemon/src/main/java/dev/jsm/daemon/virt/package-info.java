/**
 * Port virtualization (SR-IOV virtual ports, docs/virtualization.md) in the sweeps, as NVIDIA's virtualization
 * manager has it: the discovery of the vports of the CA ports that support it ({@code virt_enabled}), their
 * activation with their LIDs, and the light sweep's look at VPortStateChange that sends a VM's stop or start to an
 * incremental sweep. Their LIDs are the LID manager's, their P_Key tables the partition manager's. Confined to the SM
 * thread.
 *
 * <p>Message IDs: {@code VIRT-1201} to {@code VIRT-1204}.
 */
package dev.jsm.daemon.virt;
