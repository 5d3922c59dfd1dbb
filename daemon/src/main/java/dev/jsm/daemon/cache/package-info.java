/**
 * The daemon's files in the cache directory ({@code OSM_CACHE_DIR}): how they are read (ASCII, bounded, records of
 * {@code 0x} numbers), written (whole, atomically, only on change) and set aside when they cannot be used. The stores
 * of the LID manager ({@code guid2lid}), of M_Key management ({@code guid2mkey}, {@code neighbors}) and of routing
 * persistence ({@code jsm-routing}) build on it; it imports no other package of the daemon.
 */
package dev.jsm.daemon.cache;
