/**
 * The SM's mutable fabric model and its value types.
 *
 * <p>Discovery builds a {@link dev.jsm.subnet.Subnet} of {@link dev.jsm.subnet.Node}s, their
 * {@link dev.jsm.subnet.PhysPort}s, the addressable {@link dev.jsm.subnet.EndPort}s and the
 * {@link dev.jsm.subnet.Link}s between physical ports; switches carry a {@link dev.jsm.subnet.Switch} with the wanted
 * and programmed forwarding tables; CA end ports that support port virtualization carry their
 * {@link dev.jsm.subnet.VPort}s (docs/virtualization.md), each with a LID of its own or none. When discovery ends,
 * {@link dev.jsm.subnet.Subnet#index()} assigns dense integer indices (switches sorted by node GUID), which the routing
 * arrays and the immutable {@link dev.jsm.subnet.snapshot.SubnetSnapshot} are built from.
 *
 * <p>Everything here is in host order; nothing past the MAD codec is in network byte order. The mutable classes
 * are confined to the sweep thread; the value types ({@link dev.jsm.subnet.Guid}, {@link dev.jsm.subnet.Lid},
 * {@link dev.jsm.subnet.LidRange}, {@link dev.jsm.subnet.PortAttributes}, {@link dev.jsm.subnet.SwitchAttributes},
 * {@link dev.jsm.subnet.VirtualizationAttributes}, {@link dev.jsm.subnet.VPortAttributes},
 * {@link dev.jsm.subnet.VNodeAttributes}) are immutable.
 *
 * <p>Behavioural counterpart: OpenSM's {@code osm_subn_t}, {@code osm_node_t}, {@code osm_physp_t},
 * {@code osm_port_t} and {@code osm_switch_t}; NVIDIA's OpenSM's {@code osm_vport_t}.
 */
package dev.jsm.subnet;
