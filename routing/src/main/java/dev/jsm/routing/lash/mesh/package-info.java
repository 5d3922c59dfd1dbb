/**
 * lash's optional mesh analysis ({@code do_mesh_analysis}, docs/reference/lash-mesh-analysis.md): recognises a
 * Cartesian mesh or torus by the
 * characteristic polynomials of the neighbour distance matrices of its switches, assigns axes and coordinates, and
 * reorders every switch's links into dimension order. Entry point: {@link dev.jsm.routing.lash.mesh.MeshAnalysis}.
 * The graph it works on, {@link dev.jsm.routing.lash.mesh.SwitchGraph} (the switches' logical links), is lash's too:
 * it is here, below lash, so that lash imports this package and never the other way.
 */
package dev.jsm.routing.lash.mesh;
