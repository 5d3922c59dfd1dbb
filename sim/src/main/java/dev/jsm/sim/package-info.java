/**
 * The in-JVM fabric simulator: {@link dev.jsm.sim.SimFabric} instantiates a {@link dev.jsm.sim.topo.Topology} as
 * switches and CAs whose SMAs answer SMPs (directed-route and LID-routed), {@link dev.jsm.sim.SimMadChannel} is the
 * {@link dev.jsm.mad.channel.MadChannel} an SM or a test uses on one of its ports, {@link dev.jsm.sim.SimFaults}
 * injects link and node failures, MAD loss and delay, and starts and stops the virtual machines behind the vports of
 * HCAs with virtualization ({@link dev.jsm.sim.SimVirtualization}, {@code docs/virtualization.md}). The simulator
 * keeps its own state in primitive arrays and never uses the SM's model.
 */
package dev.jsm.sim;
