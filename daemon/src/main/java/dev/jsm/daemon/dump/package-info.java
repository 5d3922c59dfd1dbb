/**
 * OpenSM's dump files ({@code opensm-subnet.lst}, {@code opensm-lfts.dump}, {@code opensm.fdbs},
 * {@code opensm-lid-matrix.dump}, {@code opensm.mcfdbs}, {@code opensm-sl2vl.dump}) in OpenSM 3.3.23's formats, written
 * from the published snapshot, and jsm's {@code opensm-path-sl.dump} in the format ibutils' {@code ibdmchk -c} reads.
 */
package dev.jsm.daemon.dump;
