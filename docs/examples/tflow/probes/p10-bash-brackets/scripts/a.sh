#!/bin/bash
x=1
if [[ -n $x ]]; then echo "$x"; fi
