/**
 * The SM's model of a {@link dev.jsm.sim.topo.Topology} built directly, without discovery: for routing a fabric
 * before it is cabled and for tests of code that reads the model.
 */
package dev.jsm.sim.model;
