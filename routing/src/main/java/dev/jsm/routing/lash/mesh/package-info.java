/**
 * lash's optional mesh analysis ({@code do_mesh_analysis}, docs/reference/lash-mesh-analysis.md): recognises a
 * Cartesian mesh or torus by the
 * characteristic polynomials of the neighbour distance matrices of its switches, assigns axes and coordinates, and
 * reorders every switch's links into dimension order. Entry point: {@link dev.jsm.routing.lash.mesh.MeshAnalysis}.
 */
package dev.jsm.routing.lash.mesh;
