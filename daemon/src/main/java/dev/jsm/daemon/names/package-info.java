/** Names for nodes where people read them: the node name map ({@code node_name_map_name}). */
package dev.jsm.daemon.names;
