#!/bin/sh
if then
