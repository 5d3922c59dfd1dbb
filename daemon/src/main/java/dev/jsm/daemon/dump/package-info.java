/**
 * OpenSM's dump files ({@code opensm-subnet.lst}, {@code opensm-lfts.dump}, {@code opensm.fdbs},
 * {@code opensm-lid-matrix.dump}) in OpenSM 3.3.23's formats, written from the published snapshot.
 */
package dev.jsm.daemon.dump;
