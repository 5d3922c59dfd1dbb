/**
 * M_Key management (IBA 14.2.4) as OpenSM 3.3.23 does it: the key each port should hold ({@code m_key}, or one per
 * port with {@code m_key_per_port}), the keys ports are known to hold ({@code guid2mkey} in the cache directory when
 * {@code m_key_lookup} is TRUE), the key every SMP presents ({@link dev.jsm.daemon.mkey.MKeyBook} implements the
 * sweep package's {@code SmpKeys}, which the SMP sender asks), and the recovery of a port that does not answer the
 * key jsm tried first. The stages that learn keys (discovery, the link manager) get the book through their
 * constructors.
 */
package dev.jsm.daemon.mkey;
