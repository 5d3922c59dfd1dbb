# jsm: whether the opensm launcher starts the SM in the background, as OpenSM's daemon mode does. Sourced (POSIX
# sh) by the installed launcher /usr/sbin/opensm and, from the source tree, by bin/opensm. Only jsm_* names are
# defined.
#
# OpenSM forks to the background when -B/--daemon is on its command line or "daemon TRUE" is in the config file it
# reads (the -F/--config file, else /etc/opensm/opensm.conf); --help and -c FILE end before that. A JVM cannot fork,
# so the launcher decides before it starts java: it finds the config file the daemon will read and that file's
# "daemon" line. The file is read as the daemon reads it: everything from '#' on is a comment, the last "daemon"
# line counts, its value is the rest of the line without surrounding blanks and one pair of quotes, TRUE in any
# case. A value the daemon rejects leaves the SM in the foreground, where its error message can be seen.
#
# Known limits (the daemon's own parser is getopt_long_only's): the config file is found in -F FILE, -FFILE,
# --config FILE, --config=FILE and the one-dash and abbreviated (--conf, -confi) forms of --config, not in a cluster
# of short flags (-vF FILE); an argument is taken for a flag even where it is the value of the flag before it
# (--log_prefix -B).

# The config file the daemon reads without -F (OpenSmCommandLine.DEFAULT_CONFIG_FILE).
jsm_default_config=/etc/opensm/opensm.conf

# jsm_background_wanted ARGS...: succeeds when the SM should start in the background for this command line: -B or
# --daemon among ARGS, or "daemon TRUE" in the config file ARGS name; fails for --help, --version and -c FILE,
# which print or write and end at once.
jsm_background_wanted() {
    jsm_conf=$jsm_default_config
    jsm_flag=
    jsm_take=
    for jsm_arg in "$@"; do
        if [ -n "$jsm_take" ]; then
            jsm_conf=$jsm_arg
            jsm_take=
            continue
        fi
        case $jsm_arg in
            -h|-\?|--help|-help|-V|--version|-version|-c|--create-config|-create-config) return 1 ;;
            -B|--daemon|-daemon) jsm_flag=1 ;;
            -F|--conf|--confi|--config|-conf|-confi|-config) jsm_take=1 ;;
            --conf=*|--confi=*|--config=*|-conf=*|-confi=*|-config=*) jsm_conf=${jsm_arg#*=} ;;
            -F?*) jsm_conf=${jsm_arg#-F} ;;
        esac
    done
    [ -n "$jsm_flag" ] && return 0
    [ -r "$jsm_conf" ] && [ -f "$jsm_conf" ] || return 1
    jsm_value=$(sed -n -e 's/#.*//' -e 's/^[[:blank:]]*daemon\([[:blank:]].*\)\{0,1\}$/\1/p' "$jsm_conf" | tail -n 1)
    jsm_value=$(printf '%s\n' "$jsm_value" | sed -e 's/^[[:blank:]]*//' -e 's/[[:blank:]]*$//' \
        -e "s/^\"\(.*\)\"\$/\1/" -e "s/^'\(.*\)'\$/\1/" | tr '[:lower:]' '[:upper:]')
    [ "$jsm_value" = TRUE ]
}
