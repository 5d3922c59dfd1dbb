/**
 * M_Key management (IBA 14.2.4) as OpenSM 3.3.23 does it: the key each port should hold ({@code m_key}, or one per
 * port with {@code m_key_per_port}), the keys ports are known to hold ({@code guid2mkey} in the cache directory when
 * {@code m_key_lookup} is TRUE), the key every SMP presents, and the recovery of a port that does not answer the key
 * jsm tried first.
 */
package dev.jsm.daemon.mkey;
