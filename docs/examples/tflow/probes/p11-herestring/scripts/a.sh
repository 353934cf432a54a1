#!/bin/sh
cat <<< x
